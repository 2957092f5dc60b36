//! The GPU core: device setup, the histogram methods, readback. No DOM here: the
//! same code runs in the browser (WebGPU) and natively (wgpu on Vulkan).

mod adjust_passes;
mod adjusted_picture;
mod bars;
mod callback;
mod compose;
mod device;
mod gpu_image;
mod grid;
mod hdr_passes;
mod jpeg_batch;
mod jpeg_count;
mod jpeg_decode;
mod jpeg_finish;
mod kernels;
pub mod lab;
mod lab_guard;
pub mod listing;
mod owned;
mod panel_style;
mod picture_pass;
mod plan;
mod planes;
pub mod policy;
mod run;
mod scope_painter;
mod scope_passes;
mod steps;
mod timing;
mod untimed;
mod upload;
mod yuv;

pub use adjust_passes::{adjust_source, AdjustedCount, Adjuster};
pub use adjusted_picture::{adjust_image, time_adjustment, AdjustTime, Remap};
pub use bars::{
    draw_into, draw_source, panel_source, Bars, DrawnCanvas, HistogramPainter, Scaler, DRAW_DOES,
    SCALE,
};
#[cfg(target_arch = "wasm32")]
pub use callback::sleep_ms;
pub use compose::{compose_format, compose_source, Composer};
pub use device::{Found, Gpu, GpuError, GpuOptions};
pub use gpu_image::GpuImage;
pub use grid::{packed_groups, privatized_groups, Limits, DEEP_PRIVATE_BINS};
pub use hdr_passes::{count_hdr, HdrCount, HdrSamples, HdrUpload};
pub use jpeg_batch::batches;
pub use jpeg_count::{count_scans, counts_planes};
pub use jpeg_decode::{Unchecked, SCAN_SPANS};
pub use jpeg_finish::ComponentBlocks;
pub use kernels::{rebased, with_constants, Bind, ChunkShape, Input, Kernel, Kernels, Workgroup};
pub use owned::{Destroy, Owned};
pub(crate) use panel_style::panel_uniforms;
pub use panel_style::{palette, Counts, PanelStyle};
pub use picture_pass::{picture_source, FramePainter, Look};
pub use plan::Fit;
pub(crate) use plan::Plan;
pub use planes::{PlaneBytes, PlanesUpload};
pub use run::{Dispatched, Run, RunOptions};
pub use scope_painter::{scope_draw_source, ScopePainter};
pub use scope_passes::{scope_source, Readout, ScopeCount, ScopeKernel};
pub use steps::{Diagram, Method, Shaped, Step};
pub use timing::{keep_busy, now_ms, pass_ms, PassTimer, Timing};
pub use untimed::Untimed;
pub use upload::{Steps, Upload};
pub use yuv::{
    colour_matrix, frame_pass_source, yuv_to_rgb, FrameConverter, FrameFormat, PixelLayout,
    MOST_BYTES_PER_PIXEL,
};

/// What a run of `method` dispatches over a whole picture of `size` in one band
/// (a tiny one: the diagrams' simulator plays this plan), with WebGPU's default
/// limits.
/// The limits of a tiny picture's run, counted whole (`plan_whole`): a CPU's
/// packed workgroup.
pub(crate) const WHOLE: Limits = Limits {
    max_texture: 8192,
    max_workgroups: 65535,
    max_chunk_bytes: 128 << 20,
    max_loop_iterations: u64::MAX,
    packed_invocations: 256,
};

pub(crate) fn plan_whole(
    method: Method,
    size: [u32; 2],
    spec: crate::histogram::Spec,
    chunk: ChunkShape,
) -> Plan {
    let fit = Fit {
        spec,
        chunk,
        limits: WHOLE,
    };
    let step = method.step();
    Plan::of(fit, &[(0, [0, 0], size)], |plan, band| {
        step.dispatch(plan, fit, band)
    })
}
