//! Bins read back from the GPU, as the pages' `Outcome`.

use super::{Context, WebResult};
use histogram::draw;
use histogram::gpu::{HdrCount, Run};
use histogram::hdr::{HdrHistogram, HdrImage, HdrStats};
use histogram::histogram::{Channels, Histogram};
use histogram::image::{Image, Region};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// A histogram with how it was computed and how long it took.
#[wasm_bindgen]
pub struct Outcome {
    pub(super) histogram: Histogram,
    pub(super) pixels: u64,
    pub(super) gpu_ms: Option<f64>,
    pub(super) wall_ms: f64,
    pub(super) notes: Vec<String>,
    /// An HDR picture's count and statistics in its own units, and whether they
    /// were counted for this reading (the panel then needs drawing again).
    pub(super) hdr: Option<(Rc<HdrReading>, bool)>,
    /// Each GPU pass by name with its milliseconds (timestamp queries; None
    /// where there are none or a pass was shorter than their resolution).
    pub(super) passes: Vec<(String, Option<f64>)>,
    /// Each pass's dispatches (`Run::dispatches`), for the page to say.
    pub(super) dispatches: Vec<histogram::gpu::Dispatched>,
}

impl Outcome {
    /// A count with nothing more to say: no GPU time, notes or passes.
    pub(super) fn plain(histogram: Histogram, pixels: u64, wall_ms: f64) -> Outcome {
        Outcome {
            histogram,
            pixels,
            gpu_ms: None,
            wall_ms,
            notes: Vec::new(),
            hdr: None,
            passes: Vec::new(),
            dispatches: Vec::new(),
        }
    }
}

#[wasm_bindgen]
impl Outcome {
    /// The bins of one channel (0 = R, 1 = G, 2 = B, 3 = luminance with 4 channels).
    pub fn bins(&self, channel: usize) -> Vec<u32> {
        self.histogram.channel(channel)
    }

    /// The sum of each channel's bins (equal to the pixel count when correct).
    pub fn totals(&self) -> Vec<f64> {
        self.histogram
            .totals()
            .into_iter()
            .map(|t| t as f64)
            .collect()
    }

    #[wasm_bindgen(getter)]
    pub fn pixels(&self) -> f64 {
        self.pixels as f64
    }

    #[wasm_bindgen(getter, js_name = gpuMs)]
    pub fn gpu_ms(&self) -> Option<f64> {
        self.gpu_ms
    }

    #[wasm_bindgen(getter, js_name = wallMs)]
    pub fn wall_ms(&self) -> f64 {
        self.wall_ms
    }

    /// What was done to fit the device (bands, tiles), as sentences.
    pub fn notes(&self) -> Vec<String> {
        self.notes.clone()
    }

    pub fn csv(&self) -> String {
        self.histogram.to_csv()
    }

    /// Each GPU pass's dispatches as JSON: `[{"pass", "grid": [x, y, z],
    /// "dispatches", "workgroups", "invocations"}]`.
    pub fn dispatches(&self) -> String {
        histogram::json::line(&self.dispatches)
    }

    /// Each GPU pass this count ran, in order, as JSON: `[{"pass": "chunks", "ms":
    /// 1.2}, ...]`, `ms` null where the pass was not timed.
    pub fn passes(&self) -> String {
        #[derive(serde::Serialize)]
        struct Timed<'a> {
            pass: &'a str,
            ms: Option<f64>,
        }
        histogram::json::line(
            &self
                .passes
                .iter()
                .map(|(pass, ms)| Timed { pass, ms: *ms })
                .collect::<Vec<_>>(),
        )
    }

    /// Each channel's statistics as JSON: `{"r": {...}, ...}`: from the bins
    /// (src/stats.rs), or an HDR picture's from its samples, in its units.
    pub fn stats(&self) -> String {
        match &self.hdr {
            Some((reading, _)) => histogram::json::line(&histogram::json::Entries(
                Channels::Rgbl
                    .names()
                    .iter()
                    .copied()
                    .zip(&reading.stats)
                    .collect(),
            )),
            None => histogram::stats::json(&self.histogram),
        }
    }

    /// An HDR picture's range and counts apart as JSON ("range", "below",
    /// "above", "above_one", "invalid", as the command line writes them, and
    /// "note", the same as words for the page, src/words.rs); undefined for other
    /// pictures.
    #[wasm_bindgen(getter)]
    pub fn hdr(&self) -> Option<String> {
        #[derive(serde::Serialize)]
        struct Hdr<T> {
            #[serde(flatten)]
            apart: T,
            note: histogram::words::Words,
        }
        self.hdr.as_ref().map(|(reading, _)| {
            let h = &reading.histogram;
            histogram::json::line(&Hdr {
                apart: h.counts_apart(),
                note: h.note(),
            })
        })
    }

    /// Whether this reading counted anew what the panel shows (an HDR picture's
    /// new region): draw it again.
    #[wasm_bindgen(getter)]
    pub fn fresh(&self) -> bool {
        self.hdr.as_ref().is_some_and(|(_, fresh)| *fresh)
    }

    #[wasm_bindgen(getter, js_name = numBins)]
    pub fn num_bins(&self) -> u32 {
        self.histogram.spec().num_bins
    }

    /// RGBA pixels of the `shown` channels drawn into `numBins x height`.
    pub fn render(&self, shown: Vec<usize>, height: u32) -> Vec<u8> {
        draw::render(&self.histogram, self.pixels, &shown, height)
    }
}

/// An image as PNG bytes (the pages' downloads).
pub(super) fn png(image: &Image) -> WebResult<Vec<u8>> {
    image.to_png().map_err(|e| JsError::new(&e))
}

/// Reads a run's bins back (copied in a submission of their own), as an Outcome
/// of `pixels`; refused while an earlier read of the same run is under way.
pub(super) fn read_outcome(context: Rc<Context>, run: Rc<Run>, pixels: u64) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(async move {
        if !run.can_read() {
            return Err(JsError::new("the bins are being read already").into());
        }
        let gpu = &context.gpu;
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        run.encode_readback(&mut encoder);
        gpu.queue.submit([encoder.finish()]);
        let (histogram, gpu_ms) = run.read(gpu).await.map_err(|e| JsError::new(&e.0))?;
        Ok(JsValue::from(Outcome {
            histogram,
            pixels,
            gpu_ms,
            wall_ms: 0.0,
            notes: Vec::new(),
            hdr: None,
            passes: run.pass_times(),
            dispatches: run.dispatches(),
        }))
    })
}

/// An HDR picture's count and statistics of one region.
pub(crate) struct HdrReading {
    pub(super) histogram: HdrHistogram,
    pub(super) stats: [Option<HdrStats>; 4],
}

/// An HDR picture in the studio: its samples on the GPU and in memory (for the
/// statistics, which come from the samples), and the region counted last.
pub(crate) struct HdrState {
    pub(super) count: Rc<HdrCount>,
    pub(super) image: Rc<HdrImage>,
    /// The statistics over the whole picture, when they were worked out already.
    pub(super) whole: Option<[Option<HdrStats>; 4]>,
    pub(super) counted: RefCell<Option<(Region, Rc<HdrReading>)>>,
    pub(super) busy: Cell<bool>,
}

impl HdrState {
    pub(super) fn new(
        count: Rc<HdrCount>,
        image: Rc<HdrImage>,
        whole: Option<[Option<HdrStats>; 4]>,
    ) -> HdrState {
        HdrState {
            count,
            image,
            whole,
            counted: RefCell::new(None),
            busy: Cell::new(false),
        }
    }

    /// Counts anew at the next reading (the bins were overwritten).
    pub(super) fn forget(&self) {
        self.counted.replace(None);
    }
}

/// An HDR picture's `region` as an Outcome: counted (the range pass, then the
/// count, then the statistics from the samples) unless it was the last counted.
pub(super) fn hdr_outcome(
    context: Rc<Context>,
    state: Rc<HdrState>,
    region: Region,
) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(async move {
        let known = state
            .counted
            .borrow()
            .as_ref()
            .filter(|(r, _)| *r == region)
            .map(|(_, reading)| reading.clone());
        let (reading, fresh) = match known {
            Some(reading) => (reading, false),
            None => {
                if state.busy.replace(true) {
                    return Err(JsError::new("the bins are being read already").into());
                }
                let counted = state.count.count(&context.gpu, region, None).await;
                state.busy.set(false);
                let histogram = counted.map_err(|e| JsError::new(&e.0))?;
                let whole = Region::whole(state.image.width(), state.image.height());
                let stats = match state.whole {
                    Some(stats) if region == whole => stats,
                    _ => HdrStats::of_region(&state.image, region),
                };
                let reading = Rc::new(HdrReading { histogram, stats });
                state.counted.replace(Some((region, reading.clone())));
                (reading, true)
            }
        };
        let spec = state.count.spec();
        Ok(JsValue::from(Outcome {
            histogram: Histogram::from_counts(spec, reading.histogram.counts.clone()),
            pixels: region.pixel_count(),
            gpu_ms: None,
            wall_ms: 0.0,
            notes: Vec::new(),
            hdr: Some((reading, fresh)),
            passes: Vec::new(),
            dispatches: Vec::new(),
        }))
    })
}
