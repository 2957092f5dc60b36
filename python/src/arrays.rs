//! NumPy arrays counted as the pictures they are: in place where their samples
//! lie in rows, else copied into rows on every core, the GIL released either way.

use super::{run, Error};
use histogram_engine::count::{Count, Engine, Pixels, Samples, Settings};
use numpy::{
    PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyReadonlyArrayDyn, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::prelude::*;

/// Counts a NumPy array's samples where they lie, if they lie in rows (C order,
/// native byte order); any other layout (Fortran order from `.T` or `loadmat`,
/// strides, big-endian) is copied into rows first, as the picture it is, the GIL
/// released.
pub(crate) fn count_array(
    py: Python<'_>,
    engine: &Engine,
    settings: &Settings,
    array: &Bound<'_, PyUntypedArray>,
    depth: Option<u32>,
) -> PyResult<Count> {
    let shape = array.shape().to_vec();
    let (height, width, channels) = match shape[..] {
        [h, w] => (h, w, 1),
        [h, w, c] => (h, w, c),
        _ => {
            return Err(Error::new_err(format!(
                "an array of shape {shape:?}: H x W (grey) or H x W x C (C from 1 to 4) is counted"
            )))
        }
    };
    let (width, height) = match (u32::try_from(width), u32::try_from(height)) {
        (Ok(w), Ok(h)) => (w, h),
        _ => return Err(Error::new_err("an array too large to count")),
    };
    let dtype = array.dtype();
    let unsigned = dtype.kind() == b'u';
    // Unsigned samples of another byte order are read as their values.
    let array = if unsigned && !dtype.is_native_byteorder().unwrap_or(true) {
        let native = format!("={}", dtype.kind() as char);
        let native = format!("{native}{}", dtype.itemsize());
        array
            .call_method1("astype", (native,))?
            .cast_into::<PyUntypedArray>()?
    } else {
        array.clone()
    };
    if width as u64 * height as u64 > u32::MAX as u64 {
        return Err(Error::new_err(format!(
            "an array of {width}x{height} pixels: more than a picture's 32-bit counts hold \
             ({} pixels); ih.total([array]) counts it in bands of rows into 64-bit counts",
            u32::MAX
        )));
    }
    let array = &array;
    fn pixels(width: u32, height: u32, channels: usize, samples: Samples<'_>) -> Pixels<'_> {
        Pixels {
            width,
            height,
            channels,
            samples,
        }
    }
    match (unsigned, dtype.itemsize()) {
        (true, 1) => {
            if depth.is_some_and(|d| d != 8) {
                return Err(Error::new_err(
                    "depth: a uint8 array has 8 bits a sample (depth=None or 8)",
                ));
            }
            let samples: PyReadonlyArrayDyn<'_, u8> = array.cast::<PyArrayDyn<u8>>()?.readonly();
            counted(py, &samples, |rows| {
                engine.count_samples(
                    settings,
                    pixels(width, height, channels, Samples::Eight(rows)),
                )
            })
        }
        (true, 2) => {
            let bits = match depth {
                None | Some(8) => 16,
                Some(d) => d,
            };
            let samples: PyReadonlyArrayDyn<'_, u16> = array.cast::<PyArrayDyn<u16>>()?.readonly();
            counted(py, &samples, |rows| {
                engine.count_samples(
                    settings,
                    pixels(width, height, channels, Samples::Deep(rows, bits)),
                )
            })
        }
        _ => Err(Error::new_err(format!(
            "an array of {}: uint8 or uint16 samples are counted (floating-point pictures as \
             files: .hdr, .exr, TIFF)",
            dtype.str()?
        ))),
    }
}

/// Counts an array's samples with `count`, the GIL released (other threads run
/// meanwhile): where they lie if they lie in rows (C order), else copied into rows.
fn counted<T: numpy::Element + Copy + Default + Send + Sync>(
    py: Python<'_>,
    samples: &PyReadonlyArrayDyn<'_, T>,
    count: impl FnOnce(&[T]) -> Result<Count, String> + Send,
) -> PyResult<Count> {
    let view = samples.as_array();
    let in_rows = samples.is_c_contiguous();
    py.detach(|| {
        run(|| match view.as_slice() {
            Some(rows) if in_rows => count(rows),
            _ => count(&copied_in_rows(view)),
        })
    })
    .map_err(Error::new_err)
}

/// An array's samples (H x W or H x W x C, any layout: Fortran order from `.T`
/// or `loadmat`, every other column) copied into rows, on every core. Each
/// thread takes blocks of rows and walks a block down its columns, so that a
/// layout whose rows lie far apart (Fortran order) is read in runs too.
fn copied_in_rows<T: Copy + Default + Send + Sync>(
    view: numpy::ndarray::ArrayViewD<'_, T>,
) -> Vec<T> {
    use numpy::ndarray::{Axis, Ix3};
    let view = if view.ndim() == 2 {
        view.insert_axis(Axis(2))
    } else {
        view
    };
    let view = view
        .into_dimensionality::<Ix3>()
        .expect("H x W or H x W x C, checked before");
    let (h, w, c) = view.dim();
    let mut rows = vec![T::default(); h * w * c];
    const BLOCK: usize = 64;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let blocks_each = h.div_ceil(BLOCK).div_ceil(threads).max(1);
    let row = (w * c).max(1);
    std::thread::scope(|scope| {
        for (t, part) in rows.chunks_mut(blocks_each * BLOCK * row).enumerate() {
            let view = &view;
            scope.spawn(move || {
                for (b, block) in part.chunks_mut(BLOCK * row).enumerate() {
                    let y0 = (t * blocks_each + b) * BLOCK;
                    for x in 0..w {
                        for k in 0..c {
                            for dy in 0..block.len() / row {
                                block[(dy * w + x) * c + k] = view[[y0 + dy, x, k]];
                            }
                        }
                    }
                }
            });
        }
    });
    rows
}
