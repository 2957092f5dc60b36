//! The GPU core: device setup, the histogram methods, readback. No DOM here: the
//! same code runs in the browser (WebGPU) and natively (wgpu on Vulkan).

mod adjust;
mod compose;
mod device;
mod draw;
mod grid;
mod hdr;
mod image;
mod kernels;
mod picture;
mod planes;
pub mod policy;
mod run;
mod scope;
mod timing;
mod upload;
mod video;

pub use adjust::{
    adjust_image, adjust_source, time_adjustment, AdjustTime, AdjustedCount, Adjuster, Remap,
};
pub use compose::{compose_format, compose_source, Composer};
pub use device::{now_ms, Destroy, Gpu, GpuError, GpuOptions, Owned};
pub use draw::{
    draw_into, draw_source, palette, panel_source, Bars, HistogramPainter, PanelStyle, Scaler,
};
pub use grid::{packed_groups, privatized_groups, Limits};
pub use hdr::{count_hdr, HdrCount, HdrSamples, HdrUpload};
pub use image::GpuImage;
pub use kernels::{with_constants, ChunkShape, Input, Kernel, Kernels, Method, DEEP_PRIVATE_BINS};
pub use picture::{picture_source, FramePainter, Look};
pub use planes::{PlaneBytes, PlanesUpload};
pub use run::{Dispatched, Run, RunOptions};
pub use scope::{scope_draw_source, scope_source, Readout, ScopeCount, ScopeKernel, ScopePainter};
pub use timing::{keep_busy, pass_ms, PassTimer, Timing};
pub use upload::{Steps, Upload};
pub use video::{
    colour_matrix, frame_pass_source, yuv_to_rgb, FrameConverter, FrameFormat, PixelLayout,
};
