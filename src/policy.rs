//! The counting policy: which method counts a picture, asked by every surface (the
//! command line and the Python package through src/count.rs, the studio in the
//! page), so that the same picture and settings get the same method everywhere.
//! Bad bins are refused once, by `Spec::new`.

use crate::gpu::{Gpu, Method};
use crate::histogram::MAX_KERNEL_BINS;

/// What a band holds, for `method_for`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// 8-bit samples.
    Eight,
    /// Integer samples of more than 8 bits, at their depth.
    Deep,
    /// Floating-point samples.
    Hdr,
}

/// Which method a count asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Asked {
    /// The GPU's fastest where there is a GPU that is not a CPU, else the CPU
    /// method.
    #[default]
    Default,
    Cpu,
    Gpu(Method),
}

/// Which method counts a band of `kind`: None for the CPU method. The one rule every
/// surface follows (docs/DECISIONS.md 30): a method asked for counts 8-bit bands
/// in at most `MAX_KERNEL_BINS` bins, the deep kernel the rest, the hdr kernel
/// floating-point samples; unasked, a GPU that is not a CPU counts as the fastest
/// method does, and a CPU adapter (lavapipe, SwiftShader) leaves the count to the
/// CPU method, the faster there.
pub fn method_for(asked: Asked, gpu: Option<&Gpu>, kind: Kind, bins: u32) -> Option<Method> {
    let method = match asked {
        Asked::Cpu => return None,
        Asked::Gpu(method) => method,
        Asked::Default => match gpu {
            Some(gpu) if !gpu.is_cpu() => Method::FASTEST,
            _ => return None,
        },
    };
    Some(match kind {
        Kind::Deep => Method::Deep,
        Kind::Eight if bins > MAX_KERNEL_BINS => Method::Deep,
        _ => method,
    })
}
