//! Browser glue: what the example pages call from JavaScript. It only composes the
//! core (images, the CPU method, GPU runs, drawing); the pages own the DOM.

use crate::draw;
use crate::gpu::{self, ChunkShape, GpuImage, Kernels, Method, Run};
use crate::histogram::{compute_cpu, Channels, Histogram, Spec};
use crate::image::Image;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Largest image the pages accept: 64 megapixels (8192x8192), 256 MiB of RGBA,
/// which the page, the wasm heap and the GPU each hold once.
pub const WEB_MAX_PIXELS: u32 = 1 << 26;

#[wasm_bindgen(start)]
fn start() {
    // A panic would otherwise trap silently and leave a promise unsettled.
    console_error_panic_hook::set_once();
}

#[wasm_bindgen(js_name = maxPixels)]
pub fn max_pixels() -> u32 {
    WEB_MAX_PIXELS
}

/// An RGBA image handed over from a canvas, or the project's own picture.
#[wasm_bindgen]
pub struct Picture {
    image: Rc<Image>,
}

#[wasm_bindgen]
impl Picture {
    #[wasm_bindgen(js_name = fromRgba)]
    pub fn from_rgba(width: u32, height: u32, rgba: Vec<u8>) -> Result<Picture, JsError> {
        if width as u64 * height as u64 > WEB_MAX_PIXELS as u64 {
            return Err(JsError::new(&format!(
                "the image is {width}x{height}; this page handles up to {} megapixels",
                WEB_MAX_PIXELS >> 20
            )));
        }
        let image =
            Image::from_rgba(width, height, rgba).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(Picture {
            image: Rc::new(image),
        })
    }

    /// The default image of every page: made by the project, no network needed.
    pub fn sunset(width: u32, height: u32) -> Picture {
        Picture {
            image: Rc::new(Image::sunset(width, height)),
        }
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.image.width()
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.image.height()
    }

    /// A copy of the pixels, to show the image in a canvas.
    pub fn rgba(&self) -> Vec<u8> {
        self.image.rgba().to_vec()
    }
}

/// A histogram with how it was computed and how long it took.
#[wasm_bindgen]
pub struct Outcome {
    histogram: Histogram,
    pixels: u64,
    gpu_ms: Option<f64>,
    wall_ms: f64,
    notes: Vec<String>,
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

    /// RGBA pixels of the `shown` channels drawn into `numBins x height`.
    pub fn render(&self, shown: Vec<usize>, height: u32) -> Vec<u8> {
        draw::render(&self.histogram, self.pixels, &shown, height)
    }
}

fn spec(channels: u32, num_bins: u32) -> Result<Spec, JsError> {
    let channels = match channels {
        1 => Channels::Luminance,
        4 => Channels::Rgbl,
        n => return Err(JsError::new(&format!("channels must be 1 or 4, not {n}"))),
    };
    Spec::new(num_bins, channels).map_err(|e| JsError::new(&e))
}

/// The CPU method, timed with the wall clock.
#[wasm_bindgen(js_name = cpuHistogram)]
pub fn cpu_histogram(picture: &Picture, channels: u32, num_bins: u32) -> Result<Outcome, JsError> {
    let spec = spec(channels, num_bins)?;
    let start = gpu::now_ms();
    let histogram = compute_cpu(&picture.image, spec);
    Ok(Outcome {
        histogram,
        pixels: picture.image.pixel_count(),
        gpu_ms: None,
        wall_ms: gpu::now_ms() - start,
        notes: Vec::new(),
    })
}

fn method(name: &str) -> Result<Method, JsError> {
    Method::parse(name).ok_or_else(|| JsError::new(&format!("unknown method '{name}'")))
}

fn chunk(shape: &str) -> Result<ChunkShape, JsError> {
    ChunkShape::parse(shape).ok_or_else(|| JsError::new(&format!("bad chunk shape '{shape}'")))
}

/// The WGSL of every kernel a method dispatches, as compiled for these parameters.
#[wasm_bindgen(js_name = kernelSource)]
pub fn kernel_source(
    method_name: &str,
    channels: u32,
    chunk_shape: &str,
) -> Result<String, JsError> {
    let (method, spec, chunk) = (
        method(method_name)?,
        spec(channels, 256)?,
        chunk(chunk_shape)?,
    );
    Ok(method
        .kernels()
        .iter()
        .map(|k| format!("// ---- {}.wgsl ----\n{}", k.name(), k.source(spec, chunk)))
        .collect::<Vec<_>>()
        .join("\n"))
}

type RunKey = (Method, Spec, ChunkShape);

struct Context {
    gpu: gpu::Gpu,
    kernels: RefCell<Kernels>,
    /// The picture on the GPU and the runs prepared for it, kept while it is current.
    uploaded: RefCell<Option<(Rc<Image>, Rc<GpuImage>)>>,
    runs: RefCell<HashMap<RunKey, Rc<Run>>>,
    busy: RefCell<bool>,
}

/// The page's GPU: a WebGPU device through wgpu.
#[wasm_bindgen]
pub struct GpuContext {
    inner: Rc<Context>,
}

#[wasm_bindgen]
impl GpuContext {
    /// Opens the browser's WebGPU adapter; rejects with a readable reason if there is none.
    pub async fn create() -> Result<GpuContext, JsError> {
        let has_webgpu = web_sys::window()
            .map(|w| js_sys::Reflect::has(&w.navigator(), &"gpu".into()).unwrap_or(false))
            .unwrap_or(false);
        if !has_webgpu {
            return Err(JsError::new(
                "this browser has no WebGPU (navigator.gpu is missing)",
            ));
        }
        let gpu = gpu::Gpu::new(&Default::default())
            .await
            .map_err(|e| JsError::new(&e.0))?;
        Ok(GpuContext {
            inner: Rc::new(Context {
                gpu,
                kernels: RefCell::default(),
                uploaded: RefCell::default(),
                runs: RefCell::default(),
                busy: RefCell::new(false),
            }),
        })
    }

    #[wasm_bindgen(getter)]
    pub fn timestamps(&self) -> bool {
        self.inner.gpu.timestamps
    }

    /// Runs `method` over the picture and resolves to an `Outcome`. The picture is
    /// uploaded once and the run prepared once, so repeated runs time only the GPU work.
    pub fn compute(
        &self,
        picture: &Picture,
        method_name: &str,
        channels: u32,
        chunk_shape: &str,
    ) -> Result<js_sys::Promise, JsError> {
        let key = (
            method(method_name)?,
            spec(channels, 256)?,
            chunk(chunk_shape)?,
        );
        let context = self.inner.clone();
        let image = picture.image.clone();
        Ok(wasm_bindgen_futures::future_to_promise(async move {
            if context.busy.replace(true) {
                return Err(JsError::new("a computation is already running").into());
            }
            let result = context.compute(&image, key).await;
            *context.busy.borrow_mut() = false;
            result
                .map(JsValue::from)
                .map_err(|e| JsError::new(&e.0).into())
        }))
    }
}

impl Context {
    async fn compute(&self, image: &Rc<Image>, key: RunKey) -> Result<Outcome, gpu::GpuError> {
        let gpu = &self.gpu;
        let current = matches!(&*self.uploaded.borrow(), Some((i, _)) if Rc::ptr_eq(i, image));
        if !current {
            self.runs.borrow_mut().clear();
            let uploaded = gpu.scoped(|| GpuImage::upload(gpu, image)).await?;
            *self.uploaded.borrow_mut() = Some((image.clone(), Rc::new(uploaded)));
        }
        let gpu_image = self
            .uploaded
            .borrow()
            .as_ref()
            .map(|(_, g)| g.clone())
            .expect("uploaded above");
        let cached = self.runs.borrow().get(&key).cloned();
        let run = match cached {
            Some(run) => run,
            None => {
                let (method, spec, chunk) = key;
                let run = gpu
                    .scoped(|| {
                        let mut kernels = self.kernels.borrow_mut();
                        Run::new(gpu, &mut kernels, &gpu_image, method, spec, chunk)
                    })
                    .await??;
                let run = Rc::new(run);
                self.runs.borrow_mut().insert(key, run.clone());
                run
            }
        };
        let (histogram, timing) = run.execute(gpu).await?;
        Ok(Outcome {
            histogram,
            pixels: image.pixel_count(),
            gpu_ms: timing.gpu_ms,
            wall_ms: timing.wall_ms,
            notes: run.notes().to_vec(),
        })
    }
}

/// The Rust of the CPU method, for its page (it is the last item of histogram.rs).
#[wasm_bindgen(js_name = cpuSource)]
pub fn cpu_source() -> String {
    let file = include_str!("histogram.rs");
    file[file.find("/// The CPU method").unwrap_or(0)..].to_string()
}
