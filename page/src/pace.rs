//! Uploads sent a band at a time, paced so that the page keeps answering.

use histogram::gpu;
use wasm_bindgen::prelude::*;

/// Bands an upload sends before it waits for the GPU to have taken them: Chromium
/// held the page 100 ms in a 4 MB `writeTexture` once some 28 MB were waiting
/// (on SwiftShader, its transfer memory full), and none over 2 ms when each was
/// waited for. Firefox never held it, but says work is done only every 100 ms: a
/// browser that takes longer than `SLOW_NOTICE_MS` to say so is not waited for.
const BANDS_IN_FLIGHT: u32 = 2;
const SLOW_NOTICE_MS: f64 = 60.0;

/// Paces bands sent to the GPU: a task of the page's apart, and every
/// `BANDS_IN_FLIGHT` bands (and after the last) once the GPU has taken them,
/// unless the browser was slow to say so.
#[derive(Clone, Copy, Default)]
pub(super) struct Pace {
    pub(super) sent: u32,
    slow: bool,
}

impl Pace {
    /// Waits as due after a band (`last`: the last of the picture).
    pub(super) async fn band_sent(&mut self, g: &gpu::Gpu, last: bool) {
        self.sent += 1;
        // A write waits, in its staging copy, for the queue's next submission
        // (Firefox's wgpu held all of an 8192x8192 16-bit picture's, 805 MB, until
        // the first count): an empty one sends each band on its way.
        g.queue.submit([]);
        if !self.slow && (self.sent.is_multiple_of(BANDS_IN_FLIGHT) || last) {
            let start = gpu::now_ms();
            queue_done(g).await;
            self.slow = gpu::now_ms() - start >= SLOW_NOTICE_MS;
        } else {
            next_task().await;
        }
    }
}

/// Sends `upload` a band at a time, paced (`Pace`), telling `progress` the share
/// done (`from` plus `share` of this upload's).
pub(super) async fn send<U: gpu::Steps>(
    g: &gpu::Gpu,
    mut upload: U,
    progress: &js_sys::Function,
    (from, share): (f64, f64),
) -> U {
    let mut pace = Pace::default();
    loop {
        let more = upload.step(g);
        let _ = progress.call1(&JsValue::NULL, &(from + share * upload.fraction()).into());
        pace.band_sent(g, !more).await;
        if !more {
            return upload;
        }
    }
}

/// Resolves when the GPU has done what was submitted to its queue so far (the
/// browser's own `onSubmittedWorkDone`: wgpu's asks for a `Send` callback).
async fn queue_done(g: &gpu::Gpu) {
    let done = g.device.as_webgpu().and_then(|device| {
        let device: JsValue = device.clone().into();
        let queue = js_sys::Reflect::get(&device, &"queue".into()).ok()?;
        let wait = js_sys::Reflect::get(&queue, &"onSubmittedWorkDone".into()).ok()?;
        let promise = wait
            .dyn_into::<js_sys::Function>()
            .ok()?
            .call0(&queue)
            .ok()?;
        promise.dyn_into::<js_sys::Promise>().ok()
    });
    match done {
        Some(promise) => drop(wasm_bindgen_futures::JsFuture::from(promise).await),
        None => next_task().await,
    }
}

/// Resolves at the page's next task: what is left of a long piece of work waits
/// while the page answers.
pub(crate) async fn next_task() {
    gpu::sleep_ms(0).await;
}
