//! A batch of encoded images counted at once (`count_batch`): read where they lie
//! (each a bytes-like object, or one Arrow data buffer and its offsets, never
//! copied), counted on every core with the GIL released, each row its histogram
//! or its error: a damaged image never fails the batch.

use super::{counting, run, Error};
use histogram_engine::count::{Count, Deferred, Queue, GPU_AHEAD};
use numpy::{PyArray1, PyArray3, PyArrayMethods, PyReadonlyArray1};
use pyo3::buffer::PyBuffer;
use pyo3::prelude::*;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// One image's bytes: the whole of a buffer, or a stretch of Arrow's data buffer.
struct Stretch {
    at: usize,
    len: usize,
    /// Which buffer (`buffers`' index).
    of: usize,
}

/// The rows' counts (n, 4, bins) uint32, widths, heights, depths (bits a sample
/// as counted), methods, notes and errors (None where the row counted).
type Counted<'py> = (
    Bound<'py, PyArray3<u32>>,
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u32>>,
    Vec<Option<&'static str>>,
    Vec<Vec<String>>,
    Vec<Option<String>>,
);

/// Counts encoded images: `buffers`, each an image's bytes (bytes, bytearray, a
/// memoryview, a uint8 array) where `offsets` is None; else one buffer, Arrow's
/// binary data, whose image i lies at offsets[i]..offsets[i + 1], and `valid`,
/// Arrow's nulls as a bool per row (a null row is an error row). On `jobs`
/// threads (None: every core).
#[pyfunction]
#[pyo3(signature = (buffers, offsets = None, valid = None, bins = 256, depth = None, method = None, decode = "auto", jobs = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _count_encoded<'py>(
    py: Python<'py>,
    buffers: Vec<Bound<'py, PyAny>>,
    offsets: Option<PyReadonlyArray1<'py, i64>>,
    valid: Option<Vec<bool>>,
    bins: u32,
    depth: Option<u32>,
    method: Option<&str>,
    decode: &str,
    jobs: Option<usize>,
) -> PyResult<Counted<'py>> {
    let (settings, engine) = counting(py, bins, depth, None, method, decode, true)?;
    // A None in a list is a null row, as Arrow's nulls are.
    let held = buffers
        .iter()
        .map(|b| {
            if b.is_none() {
                return Ok(None);
            }
            PyBuffer::<u8>::get(b).map(Some).map_err(|_| {
                Error::new_err(format!(
                    "an image's bytes are counted (bytes, bytearray, a memoryview or a uint8 array), not {}",
                    b.get_type().name().map_or_else(|_| "this".into(), |n| n.to_string())
                ))
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    for buffer in held.iter().flatten() {
        if !buffer.is_c_contiguous() {
            return Err(Error::new_err(
                "an image's bytes must lie in one piece (a contiguous buffer)",
            ));
        }
    }
    let stretches: Vec<Option<Stretch>> = match &offsets {
        None => (0..held.len())
            .map(|of| {
                held[of].as_ref().map(|b| Stretch {
                    at: 0,
                    len: b.len_bytes(),
                    of,
                })
            })
            .collect(),
        Some(offsets) => {
            let offsets = offsets.as_slice()?;
            let data = held
                .first()
                .and_then(Option::as_ref)
                .map_or(0, |b| b.len_bytes());
            let rows = offsets.len().saturating_sub(1);
            if held.len() != 1
                || held[0].is_none()
                || valid.as_ref().is_some_and(|v| v.len() != rows)
            {
                return Err(Error::new_err(
                    "Arrow's binary data is one buffer, its offsets and a validity a row",
                ));
            }
            (0..rows)
                .map(|i| {
                    let (at, end) = (offsets[i], offsets[i + 1]);
                    if at < 0 || end < at || end as usize > data {
                        return Err(Error::new_err(format!(
                            "row {i}: offsets {at}..{end} outside the data ({data} bytes)"
                        )));
                    }
                    let shown = valid.as_ref().is_none_or(|v| v[i]);
                    Ok(shown.then_some(Stretch {
                        at: at as usize,
                        len: (end - at) as usize,
                        of: 0,
                    }))
                })
                .collect::<PyResult<_>>()?
        }
    };
    // Each buffer read in place: its memory stays the buffer object's, which this
    // call holds (and so keeps alive and unchanged) until it returns.
    let memory: Vec<&[u8]> = held
        .iter()
        // SAFETY: a contiguous buffer of `len_bytes` bytes from `buf_ptr`, held by
        // `held` for this whole call; PyBuffer's readonly-ness aside, no Python code
        // runs while it is read (the GIL is released to other threads, which may
        // write a bytearray they hold: they would be racing their own picture).
        .map(|b| {
            b.as_ref().map_or(&[][..], |b| unsafe {
                std::slice::from_raw_parts(b.buf_ptr() as *const u8, b.len_bytes())
            })
        })
        .collect();
    let rows = stretches.len();
    let results: Vec<Mutex<Option<Result<Count, String>>>> =
        (0..rows).map(|_| Mutex::new(None)).collect();
    let threads = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, rows.max(1));
    let count_row = |i: usize, queue: Option<&Queue>| match &stretches[i] {
        None => Err("no image: the row is null".to_string()),
        Some(s) => {
            let bytes = &memory[s.of][s.at..s.at + s.len];
            run(|| engine.count_bytes_queued(&settings, bytes, queue))
        }
    };
    let keep = |i: usize, counted| *results[i].lock().expect("a row's result") = Some(counted);
    // Rows' JPEG scans the GPU decodes go to the engine's GPU threads, decoded in
    // batches of the rows that have arrived (a batch a row left a large GPU
    // idle): a worker waits for a row's counts only once `ahead` rows are
    // counting past it.
    let ahead = (GPU_AHEAD / threads).max(1);
    py.detach(|| {
        let next = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            // Each worker holds the queue; the last to end drops it, and the GPU
            // threads end.
            let queue = Arc::new(engine.gpu().map(|_| engine.serve(scope, GPU_AHEAD)));
            for _ in 0..threads {
                let queue = Arc::clone(&queue);
                let (count_row, keep, next) = (&count_row, &keep, &next);
                scope.spawn(move || {
                    let mut counting = VecDeque::new();
                    let wait = |(i, deferred): (usize, Deferred)| {
                        keep(i, run(|| deferred.wait(engine)));
                    };
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= rows {
                            break;
                        }
                        match count_row(i, queue.as_ref().as_ref()) {
                            Ok(deferred) => counting.push_back((i, deferred)),
                            Err(why) => keep(i, Err(why)),
                        }
                        if counting.len() > ahead {
                            wait(counting.pop_front().expect("a row counting"));
                        }
                    }
                    drop(queue);
                    counting.into_iter().for_each(wait);
                });
            }
        });
    });
    let width = settings.spec.len();
    let mut counts = vec![0u32; rows * width];
    let (mut widths, mut heights, mut depths) =
        (vec![0u32; rows], vec![0u32; rows], vec![0u32; rows]);
    let (mut methods, mut notes, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for (i, result) in results.into_iter().enumerate() {
        match result
            .into_inner()
            .expect("a row's result")
            .expect("every row counted")
        {
            Ok(count) => {
                if count.hdr.is_some() {
                    // Its bins span its own range: no row of a batch's columns.
                    methods.push(None);
                    notes.push(Vec::new());
                    errors.push(Some(
                        "a floating-point (HDR) picture's bins span its own range: count it alone (ih.count)".into(),
                    ));
                    continue;
                }
                counts[i * width..(i + 1) * width].copy_from_slice(&channels(&count));
                (widths[i], heights[i], depths[i]) = (count.width, count.height, count.depth);
                methods.push(Some(count.method));
                notes.push(count.notes);
                errors.push(None);
            }
            Err(why) => {
                methods.push(None);
                notes.push(Vec::new());
                errors.push(Some(why));
            }
        }
    }
    let bins = settings.spec.num_bins as usize;
    let counts = PyArray1::from_vec(py, counts).reshape([rows, 4, bins])?;
    Ok((
        counts,
        PyArray1::from_vec(py, widths),
        PyArray1::from_vec(py, heights),
        PyArray1::from_vec(py, depths),
        methods,
        notes,
        errors,
    ))
}

/// R, G, B and luminance one after another (the histogram interleaves them).
fn channels(count: &Count) -> Vec<u32> {
    (0..4).flat_map(|c| count.histogram.channel(c)).collect()
}
