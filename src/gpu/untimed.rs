//! Why a GPU's passes are not timed on it, and which adapter is Mesa's llvmpipe:
//! the rules every surface asks (the pages' clocks, the loop limit).

/// Why an adapter's passes are not timed on the GPU (its words are the page's
/// `untimed-why`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Untimed {
    /// It has no timestamp queries.
    None,
    /// It is Mesa's llvmpipe, which writes a timestamp as it rasterizes its
    /// binned drawing, not as a compute pass runs: once a render pass has run, a
    /// compute pass's timestamps span microseconds whatever it took (Firefox's
    /// software WebGPU here: 0.03 ms for a pass that took 23-46 ms before any
    /// drawing, DECISIONS 107). Its passes are timed by the wall clock instead.
    Late,
}

impl Untimed {
    /// Why `adapter` (described by `info`) times no pass on the GPU, if it does not.
    pub(super) fn of(adapter: &wgpu::Adapter, info: &wgpu::AdapterInfo) -> Option<Untimed> {
        if !adapter.features().contains(wgpu::Features::TIMESTAMP_QUERY) {
            Some(Untimed::None)
        } else if is_llvmpipe(info) {
            Some(Untimed::Late)
        } else {
            None
        }
    }

    /// The page's word for it (`untimed-why`'s `why`).
    pub fn word(self) -> &'static str {
        match self {
            Untimed::None => "none",
            Untimed::Late => "late",
        }
    }
}

/// Whether an adapter is Mesa's llvmpipe: lavapipe names it; Firefox (153)
/// names no adapter, not even its vendor, and its software adapter here is
/// lavapipe, so a CPU adapter with no name is taken for it (Chromium names
/// SwiftShader's vendor and architecture: `GpuOptions::named`).
pub(super) fn is_llvmpipe(info: &wgpu::AdapterInfo) -> bool {
    info.name.contains("llvmpipe")
        || (info.name.is_empty() && info.device_type == wgpu::DeviceType::Cpu)
}
