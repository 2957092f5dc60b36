//! The kernel lab on the chapters' pages: a step's WGSL as the visitor edited it,
//! run beside the step's own on the page's picture and checked against the CPU
//! (src/gpu/lab.rs does the work).

use super::chapters::run_key;
use super::{GpuContext, Picture};
use histogram::gpu::{self, RunOptions};
use histogram::histogram::compute_cpu;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl GpuContext {
    /// Compiles `text` (the listing of `method`'s kernels, edited) and, where it
    /// compiles, runs it and the step's own kernels `runs` times each over the
    /// picture, checked bin for bin against the CPU's count; resolves to the
    /// report as JSON (`gpu::lab::Report`). The text's injected constants are
    /// made this run's (`bins` a channel, 256 unless given: a step-through
    /// diagram's 3), as the GPU core injects them.
    // The arguments are what JS passes, one by one, as the page's other runs take them.
    #[allow(clippy::too_many_arguments)]
    #[wasm_bindgen(js_name = tryKernels)]
    pub fn try_kernels(
        &self,
        picture: &Picture,
        method_name: &str,
        channels: u32,
        chunk_shape: &str,
        text: String,
        runs: u32,
        bins: Option<u32>,
    ) -> Result<js_sys::Promise, JsError> {
        let (method, spec, chunk) =
            run_key(method_name, channels, chunk_shape, bins.unwrap_or(256))?;
        let text = gpu::rebased(&text, spec, chunk);
        let (context, image) = (self.context(), picture.image()?.clone());
        // Now, not when the run starts: a Stop pressed after this call counts.
        context.lab_stop.set(false);
        Ok(self.exclusive(async move {
            let expected = compute_cpu(&image, spec);
            let uploaded = context.upload(&image, method.input()).await?;
            let options = RunOptions::new(method, spec).chunk(chunk);
            let report = gpu::lab::try_text(
                &context.gpu,
                &uploaded,
                options,
                &text,
                runs,
                &expected,
                &context.lab_stop,
            )
            .await?;
            Ok(JsValue::from_str(&histogram::json::line(&report)))
        }))
    }

    /// Asks the kernel lab's run to give up between two of its dispatches (a
    /// report with `halted`), the page and the device kept.
    #[wasm_bindgen(js_name = stopLab)]
    pub fn stop_lab(&self) {
        self.context().lab_stop.set(true);
    }
}

/// The kernel lab's `text` with its injected constants made those of `method` with
/// `channels` and `chunk_shape` (the page's settings changed; the edits are kept).
#[wasm_bindgen(js_name = rebasedText)]
pub fn rebased_text(
    text: &str,
    method_name: &str,
    channels: u32,
    chunk_shape: &str,
) -> Result<String, JsError> {
    let (_, spec, chunk) = run_key(method_name, channels, chunk_shape, 256)?;
    Ok(gpu::rebased(text, spec, chunk))
}
