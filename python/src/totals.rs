//! Totals of many pictures from Python: `Total` (the sum of their histograms, with
//! the whole set's statistics, pickled across processes) and `merge`, over the
//! engine's sums (engine/src/total.rs).

use super::{fields, Error, Histogram};
use histogram::files::Seen;
use histogram::stats::{self, Stats};
use histogram_engine::total::{read_line, Total as Sum, CHANNELS};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// The histogram of many pictures: the sum of theirs (64-bit counts), with the
/// whole set's statistics from the summed bins.
#[pyclass(frozen, module = "imagehistogram")]
pub(crate) struct Total {
    sum: Sum,
}

#[pymethods]
impl Total {
    /// A total from its parts: what `__reduce__` gives (a Total crosses to other
    /// processes, as Dask's workers send theirs back, by pickle). An empty total
    /// has no depth, no files and no counts; anything else is refused, never dropped.
    #[new]
    #[pyo3(signature = (bins, depth, files, r, g, b, luminance))]
    fn py_new(
        bins: u32,
        depth: Option<u32>,
        files: u64,
        r: Vec<u64>,
        g: Vec<u64>,
        b: Vec<u64>,
        luminance: Vec<u64>,
    ) -> PyResult<Total> {
        let mut sum = Sum::new(bins).map_err(Error::new_err)?;
        match depth {
            Some(depth) => sum
                .add(bins, depth, files, [&r, &g, &b, &luminance])
                .map_err(|e| Error::new_err(e.why))?,
            None => {
                let counts = [&r, &g, &b, &luminance];
                if files > 0 || counts.iter().any(|c| c.iter().any(|&v| v > 0)) {
                    return Err(Error::new_err(
                        "depth=None is a total of no picture: files and counts must be 0",
                    ));
                }
                if counts.iter().any(|c| c.len() != bins as usize) {
                    return Err(Error::new_err(format!("each channel has {bins} bins")));
                }
            }
        }
        Ok(Total { sum })
    }

    /// A line of the command line's JSON output: a file's histogram or a total,
    /// so that shards counted by `histogram --total` merge here too. A line that
    /// is not a whole histogram is refused with the reason, and so is a region's
    /// (`--region`) unless `regions` asks for it.
    #[staticmethod]
    #[pyo3(signature = (line, regions = false))]
    fn from_json(line: &Bound<'_, PyAny>, regions: bool) -> PyResult<Total> {
        let text: Vec<u8> = match line.cast::<PyString>() {
            Ok(text) => text.to_str()?.as_bytes().to_vec(),
            Err(_) => line.extract()?,
        };
        let line = read_line(&text).map_err(Error::new_err)?;
        if let (Some(r), false) = (line.region, regions) {
            return Err(Error::new_err(region_refused(r)));
        }
        let mut sum = Sum::new(line.bins).map_err(Error::new_err)?;
        sum.add_line(&line).map_err(|e| Error::new_err(e.why))?;
        Ok(Total { sum })
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let t = &slf.get().sum;
        let [r, g, b, l] = t.channels();
        let args = (
            t.bins,
            t.depth,
            t.files,
            r.clone(),
            g.clone(),
            b.clone(),
            l.clone(),
        );
        Ok((
            slf.get_type().into_any(),
            args.into_pyobject(slf.py())?.into_any(),
        ))
    }

    /// How many pictures it sums.
    #[getter]
    fn files(&self) -> u64 {
        self.sum.files
    }

    #[getter]
    fn bins(&self) -> u32 {
        self.sum.bins
    }

    #[getter]
    fn depth(&self) -> Option<u32> {
        self.sum.depth
    }

    #[getter]
    fn r<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_slice(py, &self.sum.channels()[0])
    }

    #[getter]
    fn g<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_slice(py, &self.sum.channels()[1])
    }

    #[getter]
    fn b<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_slice(py, &self.sum.channels()[2])
    }

    #[getter]
    fn luminance<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        PyArray1::from_slice(py, &self.sum.channels()[3])
    }

    /// Each channel's statistics from the summed bins: those of the whole set.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for (name, bins) in CHANNELS.iter().zip(self.sum.channels()) {
            let values = Stats::of(bins).map(|s| s.values().to_vec());
            out.set_item(*name, fields(py, &stats::FIELDS, values)?)?;
        }
        Ok(out)
    }

    /// The total as the command line's `--total` line writes it (JSON), with its
    /// statistics (`--stats`) if `stats`.
    #[pyo3(signature = (stats = false))]
    fn to_json(&self, stats: bool) -> String {
        self.sum.json_line(stats).trim_end().to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<imagehistogram.Total of {} pictures, {} bins>",
            self.sum.files, self.sum.bins
        )
    }
}

/// Sums histograms and totals (from `count`, `merge`, or other processes and
/// machines) into one Total, at the deepest depth of its parts; other bins, an HDR
/// picture, a sum past 64 bits or a file's histogram given twice are refused with
/// the reason, and so is a region's histogram unless `regions` asks for them.
#[pyfunction]
#[pyo3(signature = (parts, regions = false))]
pub(crate) fn merge(parts: &Bound<'_, PyAny>, regions: bool) -> PyResult<Total> {
    let mut sum: Option<Sum> = None;
    let mut files = Seen::default();
    for (i, part) in parts.try_iter()?.enumerate() {
        let part = part?;
        let refused = |e: String| Error::new_err(format!("part {i}: {e}"));
        if let Ok(h) = part.cast::<Histogram>() {
            let h = h.get();
            if let (Some((x, y, w, height)), false) = (h.region, regions) {
                return Err(refused(region_refused([x, y, w, height])));
            }
            if let (Some(file), Some(at)) = (&h.file, &h.at) {
                if let Err(earlier) = files.first(at) {
                    return Err(refused(format!(
                        "{} is {} again, and would count twice",
                        file.display(),
                        earlier.display()
                    )));
                }
            }
            let depth = if h.count.hdr.is_some() { 32 } else { h.depth };
            let channels: Vec<Vec<u64>> = (0..4)
                .map(|c| {
                    h.count
                        .histogram
                        .channel(c)
                        .into_iter()
                        .map(u64::from)
                        .collect()
                })
                .collect();
            let [r, g, b, l] = [&channels[0], &channels[1], &channels[2], &channels[3]];
            total_of(&mut sum, h.bins)
                .map_err(refused)?
                .add(h.bins, depth, 1, [r, g, b, l])
                .map_err(|e| refused(e.why))?;
        } else if let Ok(t) = part.cast::<Total>() {
            let t = &t.get().sum;
            let total = total_of(&mut sum, t.bins).map_err(refused)?;
            let [r, g, b, l] = t.channels();
            match t.depth {
                Some(depth) => total
                    .add(t.bins, depth, t.files, [r, g, b, l])
                    .map_err(|e| refused(e.why))?,
                // An empty total adds nothing, at the same bins.
                None if t.bins == total.bins => {}
                None => {
                    return Err(refused(format!(
                        "it has {} bins and the total {}",
                        t.bins, total.bins
                    )))
                }
            }
        } else {
            return Err(refused(format!(
                "a Histogram or a Total is merged, not {}",
                part.get_type().name()?
            )));
        }
    }
    match sum {
        Some(sum) => Ok(Total { sum }),
        None => Err(Error::new_err("nothing to merge")),
    }
}

/// Why a region's counts are not summed unasked.
fn region_refused([x, y, w, h]: [u32; 4]) -> String {
    format!(
        "it was counted over a region ({x},{y},{w},{h}), not its whole picture: \
         merge(..., regions=True) sums regions' counts"
    )
}

/// The sum being made, begun at `bins` by its first part.
fn total_of(sum: &mut Option<Sum>, bins: u32) -> Result<&mut Sum, String> {
    match sum {
        Some(sum) => Ok(sum),
        None => Ok(sum.insert(Sum::new(bins)?)),
    }
}
