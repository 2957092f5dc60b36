//! Browser glue: what the pages call from JavaScript. It only composes the core
//! (images, the CPU method, GPU runs, drawing); the pages own the DOM. By page kind:
//! `image` (the example pages over an image), `video` (the live video page),
//! `studio` (the studio), `scope` (the scopes' chapters, and the studio's scope
//! views); `live` (a video's frames on the GPU) serves the last three;
//! what they all share is here: the device (`GpuContext`), the picture
//! (`picture`), its bins read back (`outcome`), uploads paced (`pace`) and the
//! canvases drawn into (`canvas`).

#![cfg(target_arch = "wasm32")]

mod canvas;
mod chapters;
mod decoder_planes;
mod deep_bands;
mod diagram;
mod equalize;
mod file_bytes;
mod kernel_lab;
mod live;
mod outcome;
mod pace;
mod parts;
mod picture;
mod scope_chapters;
mod studio;
mod sunset;
mod video;

use canvas::CanvasTarget;
use outcome::{hdr_outcome, png, read_outcome, HdrState, Outcome};
use pace::Pace;
use picture::{Picture, Pixels, Uploaded};

use histogram::gpu::{self, Kernels};
use histogram::histogram::{Channels, Spec};
use histogram::{decode, profile};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// What the glue returns to JavaScript: a value, or an Error with a message.
type WebResult<T> = Result<T, JsError>;

pub use histogram::image::WEB_MAX_PIXELS;

#[wasm_bindgen(start)]
fn start() {
    // A panic would otherwise trap silently and leave a promise unsettled.
    console_error_panic_hook::set_once();
}

/// Bytes of WebAssembly memory in use (it grows and never shrinks): for the soak
/// benchmark, which watches it for growth.
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65536) as f64
}

#[wasm_bindgen(js_name = maxPixels)]
pub fn max_pixels() -> u32 {
    WEB_MAX_PIXELS
}

/// What a file is from its first bytes and who decodes it exactly
/// (src/decode/kind.rs), as a plain object: `{ decoder: 'browser' | 'rust' |
/// 'browser-only', format (null if not one read here), notes, planes }`.
/// A page reads a file's bytes once and asks them through `FileBytes`; this
/// answers the tests, of any bytes.
#[wasm_bindgen(js_name = fileKind)]
pub fn file_kind(bytes: &[u8]) -> js_sys::Object {
    kind_object(decode::kind(bytes))
}

/// A file's kind as the pages take it.
pub(crate) fn kind_object(kind: decode::FileKind) -> js_sys::Object {
    let decoder = match kind.decoder {
        decode::DecodedBy::Browser => "browser",
        decode::DecodedBy::Rust => "rust",
        decode::DecodedBy::BrowserOnly => "browser-only",
    };
    let notes: js_sys::Array = kind.notes.iter().map(|n| JsValue::from(n.json())).collect();
    let object = js_sys::Object::new();
    for (key, value) in [
        ("decoder", decoder.into()),
        (
            "format",
            kind.format.map_or(JsValue::NULL, JsValue::from_str),
        ),
        ("notes", notes.into()),
        ("planes", kind.planes.into()),
    ] {
        js_sys::Reflect::set(&object, &key.into(), &value).expect("an object takes a key");
    }
    object
}

/// A file's colour profile (src/profile.rs), for the page: its name, its note,
/// and the table that shows stored values through it (`FileBytes.profile`).
#[wasm_bindgen]
pub struct ColourProfile(pub(crate) profile::Profile);

#[wasm_bindgen]
impl ColourProfile {
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.0.name.clone()
    }

    /// Whether a screen shows the stored values through it (an RGB profile).
    #[wasm_bindgen(getter)]
    pub fn shown(&self) -> bool {
        self.0.shown
    }

    #[wasm_bindgen(getter)]
    pub fn note(&self) -> String {
        self.0.note().json()
    }

    /// A PNG carrying the profile, of every level `side` a side: decoded by the
    /// browser as it decodes the file, its colours are `Studio.setDisplay`'s table.
    #[wasm_bindgen(js_name = tablePng)]
    pub fn table_png(&self) -> Vec<u8> {
        self.0.table_png()
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

/// Refuses a picture larger than the pages handle, before anything is allocated.
fn within_page(width: u32, height: u32) -> Result<(), JsError> {
    if width as u64 * height as u64 > WEB_MAX_PIXELS as u64 {
        return Err(JsError::new(&format!(
            "{width}x{height} is more than this page's {} megapixels",
            WEB_MAX_PIXELS >> 20
        )));
    }
    Ok(())
}

/// A device and what the pages made with it: replaced whole after a device loss.
struct Context {
    gpu: gpu::Gpu,
    kernels: RefCell<Kernels>,
    image_pages: chapters::ImagePages,
    busy: RefCell<bool>,
    /// The kernel lab's Stop, pressed during its run (`stopLab`).
    lab_stop: std::cell::Cell<bool>,
}

/// The page's GPU: a WebGPU device through wgpu. A device can be lost (a driver
/// reset, a GPU process crash, a laptop switching GPUs): `lost` says when, and
/// `recover` opens a new one in its place, so the page carries on.
#[wasm_bindgen]
pub struct GpuContext {
    current: Rc<RefCell<Rc<Context>>>,
}

/// Whether the browser's device has `feature`, one wgpu does not map (www/page.js
/// asks for it where the adapter has it).
fn device_has(gpu: &gpu::Gpu, feature: &str) -> bool {
    let Some(device) = gpu.device.as_webgpu() else {
        return false;
    };
    let device: JsValue = device.clone().into();
    let features = js_sys::Reflect::get(&device, &"features".into()).unwrap_or_default();
    js_sys::Reflect::get(&features, &"has".into())
        .ok()
        .and_then(|has| has.dyn_into::<js_sys::Function>().ok())
        .and_then(|has| has.call1(&features, &feature.into()).ok())
        .is_some_and(|found| found.as_bool() == Some(true))
}

/// The browser's words for its adapter (its vendor, architecture and
/// description, as site.js's `adapterDescription` shows them), which wgpu (30)
/// maps only the description of; empty where the browser says nothing.
async fn adapter_words() -> String {
    let get =
        |from: &JsValue, key: &str| js_sys::Reflect::get(from, &key.into()).unwrap_or_default();
    let Some(window) = web_sys::window() else {
        return String::new();
    };
    let gpu = get(&window.navigator().into(), "gpu");
    let request = get(&gpu, "requestAdapter").dyn_into::<js_sys::Function>();
    let promise = request.ok().and_then(|r| r.call0(&gpu).ok());
    let Some(promise) = promise.and_then(|p| p.dyn_into::<js_sys::Promise>().ok()) else {
        return String::new();
    };
    let adapter = wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .unwrap_or_default();
    if adapter.is_null() || adapter.is_undefined() {
        return String::new();
    }
    let info = get(&adapter, "info");
    ["vendor", "architecture", "description"]
        .iter()
        .filter_map(|key| get(&info, key).as_string().filter(|s| !s.is_empty()))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Context {
    /// The browser's WebGPU adapter and a device, with empty caches.
    async fn open() -> Result<Context, JsError> {
        let has_webgpu = web_sys::window()
            .map(|w| js_sys::Reflect::has(&w.navigator(), &"gpu".into()).unwrap_or(false))
            .unwrap_or(false);
        if !has_webgpu {
            return Err(JsError::new(
                "this browser has no WebGPU (navigator.gpu is missing)",
            ));
        }
        let options = gpu::GpuOptions {
            named: Some(adapter_words().await),
            ..Default::default()
        };
        let mut gpu = gpu::Gpu::new(&options)
            .await
            .map_err(|e| JsError::new(&e.0))?;
        if device_has(&gpu, "subgroups") {
            gpu.granted |= wgpu::Features::SUBGROUP;
        }
        Ok(Context {
            gpu,
            kernels: RefCell::default(),
            image_pages: Default::default(),
            busy: RefCell::new(false),
            lab_stop: Default::default(),
        })
    }
}

#[wasm_bindgen]
impl GpuContext {
    /// Opens the browser's WebGPU adapter; rejects with a readable reason if there is none.
    pub async fn create() -> Result<GpuContext, JsError> {
        Ok(GpuContext {
            current: Rc::new(RefCell::new(Rc::new(Context::open().await?))),
        })
    }

    /// Resolves, with the browser's GPUDeviceLostInfo (`reason`, `message`), when
    /// the current device is lost.
    #[wasm_bindgen(getter)]
    pub fn lost(&self) -> js_sys::Promise {
        match self.context().gpu.device.as_webgpu() {
            Some(device) => device.lost().unchecked_into(),
            None => js_sys::Promise::new(&mut |_, _| {}),
        }
    }

    /// Opens a new adapter and device in place of the current (lost) one; every
    /// pipeline, upload and run is made again on first use. Rejects when the
    /// browser has no device to give.
    pub fn recover(&self) -> js_sys::Promise {
        let current = self.current.clone();
        wasm_bindgen_futures::future_to_promise(async move {
            let context = Context::open().await?;
            *current.borrow_mut() = Rc::new(context);
            Ok(JsValue::UNDEFINED)
        })
    }

    /// The current device as the browser's GPUDevice (null off the web backend),
    /// for what wgpu 30's web backend cannot do: importing a video frame.
    #[wasm_bindgen(getter, js_name = rawDevice)]
    pub fn raw_device(&self) -> JsValue {
        self.context()
            .gpu
            .device
            .as_webgpu()
            .map_or(JsValue::NULL, |device| device.clone().into())
    }

    /// Makes the pipelines a JPEG decoded from its scan takes, on a GPU that is
    /// not the CPU's (the page calls it once idle): the first file dropped does not
    /// wait for the browser to compile them.
    #[wasm_bindgen(js_name = prepareJpeg)]
    pub fn prepare_jpeg(&self) {
        self.context().gpu.prepare_jpeg();
    }

    /// Whether the current device has been lost (and not yet replaced).
    #[wasm_bindgen(getter, js_name = isLost)]
    pub fn is_lost(&self) -> bool {
        self.context().gpu.is_lost()
    }

    #[wasm_bindgen(getter)]
    pub fn timestamps(&self) -> bool {
        self.context().gpu.timestamps
    }

    /// Why this GPU's passes are not timed on it ("none": no timestamp queries;
    /// "late": llvmpipe's are not as a pass runs), or undefined where they are.
    #[wasm_bindgen(getter)]
    pub fn untimed(&self) -> Option<String> {
        self.context().gpu.untimed().map(|u| u.word().to_string())
    }

    /// Whether the CPU plays the GPU (a fallback adapter such as SwiftShader):
    /// video frames come as the decoder's bytes there, where the browser's
    /// import costs 30 times as much (page/src/live.rs).
    #[wasm_bindgen(getter)]
    pub fn software(&self) -> bool {
        self.context().gpu.info.device_type == wgpu::DeviceType::Cpu
    }
}

impl GpuContext {
    fn context(&self) -> Rc<Context> {
        self.current.borrow().clone()
    }

    /// `work` as a promise, refused while another computation runs: runs share the
    /// uploaded picture and their bins.
    fn exclusive(
        &self,
        work: impl std::future::Future<Output = Result<JsValue, gpu::GpuError>> + 'static,
    ) -> js_sys::Promise {
        let context = self.context();
        wasm_bindgen_futures::future_to_promise(async move {
            if context.busy.replace(true) {
                return Err(JsError::new("a computation is already running").into());
            }
            let result = work.await;
            *context.busy.borrow_mut() = false;
            result.map_err(|e| JsError::new(&e.0).into())
        })
    }
}
