//! The Python package's native part: the histogram crate's engine (engine/src/count/)
//! behind `count` and `merge`. A thin shell: what is counted, how, and the
//! messages are the engine's, as on the command line; here only Python's
//! arguments and results, the GIL released while anything is read or counted.

use histogram::files::{self, walk as walk_folder, Found, Seen};
use histogram::gpu::{GpuOptions, Method};
use histogram::hdr::STATS_FIELDS;
use histogram::stats::{self, Stats};
use histogram::{Channels, Region, Spec};
use histogram_engine::count::{Asked, Count, Decode, Engine, Settings};
use histogram_engine::total::CHANNELS;
use numpy::{PyArray1, PyUntypedArray};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyMemoryView};
use std::os::unix::ffi::OsStrExt as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::OnceLock;

mod arrays;
mod batch;
mod totals;
use arrays::count_array;
use totals::{merge, Total};

// Named as the package exports it, so that pickle finds it again (a Dask worker's
// error crosses to the client so).
pyo3::create_exception!(
    imagehistogram,
    Error,
    PyValueError,
    "A picture that cannot be counted, or arguments that do not fit it; the message \
     is the command line's."
);

/// The process's engine: its GPU found once, at the first count that may use one.
static ENGINE: OnceLock<Engine> = OnceLock::new();
/// An engine that never opens a GPU, for `method="cpu"` before any other count.
static CPU: OnceLock<Engine> = OnceLock::new();

/// The engine for `asked`, opening the GPU (once per process, the GIL released)
/// and saying in the log what counts.
fn engine(py: Python<'_>, asked: Asked) -> PyResult<&'static Engine> {
    if asked == Asked::Cpu {
        if let Some(engine) = ENGINE.get() {
            return Ok(engine);
        }
        return Ok(CPU.get_or_init(Engine::cpu));
    }
    let mut said = None;
    let engine = match ENGINE.get() {
        Some(engine) => engine,
        None => py.detach(|| {
            ENGINE.get_or_init(|| {
                let engine = Engine::new();
                said = Some(match engine.open(&GpuOptions::default()) {
                    Ok(()) => match engine.gpu() {
                        Some(gpu) if gpu.is_cpu() => format!(
                            "the only GPU is a CPU ({}): the CPU method counts, the faster there",
                            gpu.info.name
                        ),
                        Some(gpu) => format!("counting on the GPU ({})", gpu.info.name),
                        None => "no GPU: the CPU method counts".to_string(),
                    },
                    Err(e) => format!("{e}: the CPU method counts"),
                });
                engine
            })
        }),
    };
    if let Some(said) = said {
        py.import("logging")?
            .call_method1("getLogger", ("imagehistogram",))?
            .call_method1("info", (said,))?;
    }
    if let Asked::Gpu(method) = asked {
        if engine.gpu().is_none() {
            return Err(Error::new_err(format!(
                "method={:?} needs a GPU, and none was found; method=\"cpu\" works without one",
                method.name()
            )));
        }
    }
    Ok(engine)
}

/// What to count: a file, a file's bytes, or samples in a NumPy array.
enum Source<'py> {
    Path(PathBuf),
    Bytes(Vec<u8>),
    Array(Bound<'py, PyUntypedArray>),
}

fn source<'py>(source: &Bound<'py, PyAny>) -> PyResult<Source<'py>> {
    let py = source.py();
    if let Ok(array) = source.cast::<PyUntypedArray>() {
        return Ok(Source::Array(array.clone()));
    }
    if let Ok(bytes) = source.cast::<PyBytes>() {
        return Ok(Source::Bytes(bytes.as_bytes().to_vec()));
    }
    if let Ok(bytes) = source.cast::<PyByteArray>() {
        return Ok(Source::Bytes(bytes.to_vec()));
    }
    if let Ok(view) = source.cast::<PyMemoryView>() {
        // A flat view of bytes is a file's; one with a shape is a picture's samples.
        let flat = view.getattr("ndim")?.extract::<usize>()? == 1
            && view.getattr("itemsize")?.extract::<usize>()? == 1;
        if flat {
            return Ok(Source::Bytes(view.call_method0("tobytes")?.extract()?));
        }
        let array = py.import("numpy")?.call_method1("asarray", (view,))?;
        return Ok(Source::Array(array.cast_into::<PyUntypedArray>()?));
    }
    // A path: str (a name that is not UTF-8 as Python gives it, with surrogates),
    // bytes-like names through os.fspath, or any os.PathLike.
    match py.import("os")?.call_method1("fspath", (source,)) {
        Ok(path) => Ok(Source::Path(path.extract()?)),
        Err(_) => Err(Error::new_err(format!(
            "a path, bytes or a NumPy array of uint8 or uint16 samples can be counted, not {}",
            source.get_type().name()?
        ))),
    }
}

/// The engine's answer or its message; a panic (a bug) a message too, never
/// across into Python.
fn run<T>(work: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|_| {
        Err("an internal error stopped the count (a bug: please report it with the file)".into())
    })
}

/// What `count` and `count_batch` are asked, as the engine's settings, and the
/// engine that counts (its GPU opened once); `file`: whether files are counted
/// (at their stored depth or at 8 bits, no other).
fn counting(
    py: Python<'_>,
    bins: u32,
    depth: Option<u32>,
    region: Option<(u32, u32, u32, u32)>,
    method: Option<&str>,
    decode: &str,
    file: bool,
) -> PyResult<(Settings, &'static Engine)> {
    let spec = Spec::new(bins, Channels::Rgbl).map_err(Error::new_err)?;
    let asked = match method {
        None => Asked::Default,
        Some(name) => {
            Asked::parse(name).map_err(|e| Error::new_err(format!("method={name:?}: {e}")))?
        }
    };
    let decode =
        Decode::parse(decode).map_err(|e| Error::new_err(format!("decode={decode:?}: {e}")))?;
    if decode == Decode::Gpu && asked == Asked::Cpu {
        return Err(Error::new_err(
            "decode=\"gpu\" leaves the picture on the GPU, to be counted there; method=\"cpu\" counts on the CPU",
        ));
    }
    let settings = Settings {
        decode,
        region: region.map(|(x, y, width, height)| Region {
            x,
            y,
            width,
            height,
        }),
        eight_bits: depth == Some(8),
        asked,
        ..Settings::new(spec)
    };
    if let (Some(d), true) = (depth, file) {
        if d != 8 {
            return Err(Error::new_err(format!(
                "depth={d}: a file is counted at its stored depth (depth=None) or at 8 bits \
                 (depth=8); other depths are for uint16 arrays"
            )));
        }
    }
    let engine = engine(py, asked)?;
    if decode == Decode::Gpu && engine.gpu().is_none() {
        return Err(Error::new_err(
            "decode=\"gpu\" needs a GPU, and none was found; decode=\"cpu\" works without one",
        ));
    }
    Ok((settings, engine))
}

/// Counts `source`: an image file's path, its bytes, or a NumPy array of uint8 or
/// uint16 samples (H x W grey, H x W x 1..4: grey, grey and alpha, RGB, RGBA).
///
/// bins: bins a channel, 1 to 65536. depth: None counts samples as stored; 8
/// counts them at 8 bits; for a uint16 array, 9 to 16 give its depth (16 unless
/// said). region: (x, y, width, height) counts that rectangle alone. method: None
/// (the GPU's fastest where there is a GPU that is not a CPU, else the CPU
/// method), "cpu", or a GPU method by name ("packed", "privatized", ...).
/// decode: where a JPEG is decoded: "auto" (the faster here: the CPU on every
/// machine measured so far), "cpu" (libjpeg-turbo) or "gpu" (a baseline file's
/// Huffman codes, then every file's IDCT, upsampling and colour, on the GPU as
/// libjpeg-turbo does them: the same samples); a JPEG the GPU does not take is
/// decoded by the CPU, which "gpu" notes.
#[pyfunction]
#[pyo3(signature = (source, bins = 256, depth = None, region = None, method = None, decode = "auto"))]
fn count(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    bins: u32,
    depth: Option<u32>,
    region: Option<(u32, u32, u32, u32)>,
    method: Option<&str>,
    decode: &str,
) -> PyResult<Histogram> {
    let source = self::source(source)?;
    let file = matches!(source, Source::Path(_) | Source::Bytes(_));
    let (settings, engine) = counting(py, bins, depth, region, method, decode, file)?;
    let (file, counted) = match source {
        Source::Path(path) => {
            let counted = py.detach(|| run(|| engine.count_file(&settings, &path)));
            // The command line's words: the file, then why.
            let counted =
                counted.map_err(|e| Error::new_err(format!("{}: {e}", path.display())))?;
            (Some(path), counted)
        }
        Source::Bytes(bytes) => {
            let counted = py.detach(|| run(|| engine.count_bytes(&settings, &bytes)));
            (None, counted.map_err(Error::new_err)?)
        }
        Source::Array(array) => (None, count_array(py, engine, &settings, &array, depth)?),
    };
    Ok(Histogram::new(file, counted))
}

/// One picture's histogram: R, G, B and luminance, each `bins` counts (NumPy
/// uint32), and what was counted, how, and what to know about it.
#[pyclass(frozen, module = "imagehistogram")]
struct Histogram {
    /// The file's path, when a file was counted (the `file` getter).
    file: Option<PathBuf>,
    /// The same, from the root (as the folder it was counted in named it): what
    /// `merge` knows the file by, whatever the current folder is then.
    at: Option<PathBuf>,
    #[pyo3(get)]
    width: u32,
    #[pyo3(get)]
    height: u32,
    /// Bits a sample as counted: 8 to 16, or 32 for floating-point samples.
    #[pyo3(get)]
    depth: u32,
    #[pyo3(get)]
    bins: u32,
    /// The method that counted it: "cpu", "packed", "deep", "hdr", ...
    #[pyo3(get)]
    method: &'static str,
    /// (x, y, width, height) when only a region was counted.
    #[pyo3(get)]
    region: Option<(u32, u32, u32, u32)>,
    /// What a reader of the numbers should know, as sentences.
    #[pyo3(get)]
    notes: Vec<String>,
    count: Count,
}

impl Histogram {
    fn new(file: Option<PathBuf>, count: Count) -> Histogram {
        let at = file
            .as_deref()
            .and_then(|f| std::path::absolute(f).ok())
            .map(|f| files::written(&f, None));
        Histogram {
            file,
            at,
            width: count.width,
            height: count.height,
            depth: count.depth,
            bins: count.histogram.spec().num_bins,
            method: count.method,
            region: count.region.map(|r| (r.x, r.y, r.width, r.height)),
            notes: count.notes.clone(),
            count,
        }
    }

    fn channel<'py>(&self, py: Python<'py>, c: usize) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_vec(py, self.count.histogram.channel(c))
    }
}

#[pymethods]
impl Histogram {
    /// The file's path, when a file was counted: a str, as `os.fsdecode` gives a
    /// name (one that is not UTF-8 keeps its bytes as surrogates).
    #[getter]
    fn file(&self) -> Option<&std::ffi::OsStr> {
        self.file.as_deref().map(|f| f.as_os_str())
    }

    #[getter]
    fn r<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        self.channel(py, 0)
    }

    #[getter]
    fn g<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        self.channel(py, 1)
    }

    #[getter]
    fn b<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        self.channel(py, 2)
    }

    #[getter]
    fn luminance<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        self.channel(py, 3)
    }

    /// Whether the bins span a floating-point picture's own range (HDR): such a
    /// histogram cannot be merged with others.
    #[getter]
    fn hdr(&self) -> bool {
        self.count.hdr.is_some()
    }

    /// Each channel's statistics, as `histogram --stats` gives them: for levels,
    /// from the bins (mean, std_dev, median, ... on the 0..255 scale, exact with
    /// 256 bins); for floating-point samples, from the samples themselves.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        match &self.count.hdr_stats {
            Some(all) => {
                for (name, s) in CHANNELS.iter().zip(all) {
                    let values = s.as_ref().map(|s| s.values().to_vec());
                    out.set_item(*name, fields(py, &STATS_FIELDS, values)?)?;
                }
            }
            None => {
                let all = Stats::of_histogram(&self.count.histogram);
                for (name, s) in CHANNELS.iter().zip(all) {
                    let values = s.map(|s| s.values().to_vec());
                    out.set_item(*name, fields(py, &stats::FIELDS, values)?)?;
                }
            }
        }
        Ok(out)
    }

    /// A Histogram crosses to other processes by pickle (a Dask worker's
    /// `client.submit(ih.count, path)`), whole: bins, notes, statistics.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let h = slf.get();
        let state = Pickled {
            file: h.file.as_ref().map(|f| f.as_os_str().as_bytes().to_vec()),
            at: h.at.as_ref().map(|f| f.as_os_str().as_bytes().to_vec()),
            width: h.width,
            height: h.height,
            depth: h.depth,
            bins: h.bins,
            region: h.region,
            counts: h.count.histogram.counts().to_vec(),
            hdr: h.count.hdr.clone(),
            hdr_stats: h
                .count
                .hdr_stats
                .map(|all| all.map(|s| s.map(|s| s.values()))),
            method: h.method.to_string(),
            notes: h.notes.clone(),
        };
        let bytes = serde_json::to_vec(&state).map_err(|e| Error::new_err(e.to_string()))?;
        let py = slf.py();
        let unpickle = py.import("imagehistogram._native")?.getattr("_histogram")?;
        Ok((unpickle, (PyBytes::new(py, &bytes),)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<imagehistogram.Histogram {}{}x{}, {} bits, {} bins, by {}>",
            self.file
                .as_ref()
                .map_or(String::new(), |f| format!("{}: ", f.display())),
            self.width,
            self.height,
            self.depth,
            self.bins,
            self.method
        )
    }
}

/// A Histogram as pickle keeps it (`Histogram.__reduce__`, `_histogram`).
#[derive(serde::Serialize, serde::Deserialize)]
struct Pickled {
    file: Option<Vec<u8>>,
    at: Option<Vec<u8>>,
    width: u32,
    height: u32,
    depth: u32,
    bins: u32,
    region: Option<(u32, u32, u32, u32)>,
    counts: Vec<u32>,
    hdr: Option<histogram::hdr::HdrHistogram>,
    /// Each channel's, in the order of `STATS_FIELDS`.
    hdr_stats: Option<[Option<[f64; 9]>; 4]>,
    method: String,
    notes: Vec<String>,
}

/// A pickled Histogram made again; anything that is not one refused.
#[pyfunction]
fn _histogram(state: &[u8]) -> PyResult<Histogram> {
    use std::os::unix::ffi::OsStringExt as _;
    let p: Pickled = serde_json::from_slice(state)
        .map_err(|e| Error::new_err(format!("not a pickled Histogram: {e}")))?;
    let spec = Spec::new(p.bins, Channels::Rgbl).map_err(Error::new_err)?;
    if p.counts.len() != spec.len() {
        return Err(Error::new_err(
            "not a pickled Histogram: its counts do not fit its bins",
        ));
    }
    let method = ["cpu", "hdr"]
        .into_iter()
        .chain(Method::ALL.map(Method::name))
        .find(|&m| m == p.method)
        .ok_or_else(|| Error::new_err(format!("not a pickled Histogram: method {:?}", p.method)))?;
    let path =
        |bytes: Option<Vec<u8>>| bytes.map(|b| PathBuf::from(std::ffi::OsString::from_vec(b)));
    let count = Count {
        width: p.width,
        height: p.height,
        depth: p.depth,
        region: p.region.map(|(x, y, width, height)| Region {
            x,
            y,
            width,
            height,
        }),
        histogram: histogram::Histogram::from_counts(spec, p.counts),
        hdr: p.hdr,
        hdr_stats: p
            .hdr_stats
            .map(|all| all.map(|s| s.map(histogram::hdr::HdrStats::from_values))),
        method,
        notes: p.notes,
    };
    let mut h = Histogram::new(path(p.file), count);
    h.at = path(p.at);
    Ok(h)
}

/// A channel's statistics as a dict (None: the channel counted no pixel).
fn fields<'py>(
    py: Python<'py>,
    names: &[&str],
    values: Option<Vec<f64>>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let Some(values) = values else {
        return Ok(None);
    };
    let dict = PyDict::new(py);
    for (name, value) in names.iter().zip(values) {
        if *name == "pixels" {
            dict.set_item(*name, value as u64)?;
        } else {
            dict.set_item(*name, value)?;
        }
    }
    Ok(Some(dict))
}

/// A path a walk could not read, and why.
type Problem = (PathBuf, String);

/// The image files under `folder`, as the command line finds them (src/files.rs):
/// in the order of their paths, links to files followed, each file once; and what
/// could not be read or is not a file (paths and why), for the caller to say.
#[pyfunction]
fn walk(py: Python<'_>, folder: PathBuf) -> PyResult<(Vec<PathBuf>, Vec<Problem>)> {
    if !folder.is_dir() {
        return Err(Error::new_err(format!(
            "{}: not a folder",
            folder.display()
        )));
    }
    Ok(py.detach(|| {
        let (mut images, mut other) = (Vec::new(), Vec::new());
        let mut seen = Seen::default();
        walk_folder(&folder, |found| match found {
            Found::Image(path) => {
                if seen.first(&path).is_ok() {
                    images.push(path);
                }
            }
            Found::Unreadable(path, why) => other.push((path, why)),
            Found::Special(path, kind) => {
                other.push((path, format!("{kind}, not an image file: skipped")))
            }
        });
        (images, other)
    }))
}

/// The GPU methods by name, and what the default counts with in this process.
#[pyfunction]
fn methods(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let names: Vec<&str> = std::iter::once("cpu")
        .chain(Method::ALL.map(Method::name))
        .collect();
    PyList::new(py, names)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    m.add_function(wrap_pyfunction!(methods, m)?)?;
    m.add_function(wrap_pyfunction!(walk, m)?)?;
    m.add_function(wrap_pyfunction!(_histogram, m)?)?;
    m.add_function(wrap_pyfunction!(batch::_count_encoded, m)?)?;
    m.add_class::<Histogram>()?;
    m.add_class::<Total>()?;
    m.add("Error", m.py().get_type::<Error>())?;
    Ok(())
}
