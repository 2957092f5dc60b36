//! The counting policy: which method counts a picture, asked by every surface (the
//! command line and the Python package through engine/src/count/, the studio in the
//! page), so that the same picture and settings get the same method everywhere.
//! Bad bins are refused once, by `Spec::new`.

use super::{Gpu, Method};
use crate::histogram::MAX_KERNEL_BINS;
use std::time::Duration;

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

/// How a JPEG is decoded: by libjpeg-turbo on the CPU, or its DCT coefficients
/// (entropy-decoded by libjpeg-turbo) finished on the GPU (src/gpu/jpeg_finish.rs):
/// the same samples either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Decode {
    /// The faster on this machine: the CPU alone, or, on an open GPU that is not
    /// the CPU's, both at once (the engine's queue shares a folder's files). On
    /// an H200 with 16 cores a 24-megapixel photo decodes on the GPU in 21 ms
    /// against the CPU's 129, but 400 photos take 1.00 s there against 0.90 s
    /// on the CPU's 16 cores (bench/results/2026-12-04-h200-jpeg-planes-count,
    /// docs/DECISIONS.md 75); shared, 0.71-0.84 s against 0.83-0.87 with the
    /// GPU open and the CPU decoding every file (DECISIONS 76).
    #[default]
    Auto,
    Cpu,
    Gpu,
}

impl Decode {
    /// "auto", "cpu" or "gpu", as every surface takes it.
    pub fn parse(name: &str) -> Result<Decode, String> {
        match name {
            "auto" => Ok(Decode::Auto),
            "cpu" => Ok(Decode::Cpu),
            "gpu" => Ok(Decode::Gpu),
            other => Err(format!("unknown decoding '{other}' (auto, cpu, gpu)")),
        }
    }

    /// Whether a JPEG the GPU finish takes may be decoded on the open `gpu` for a
    /// count that asked for `asked`: never where the CPU method counts (the
    /// picture would have to come back); unasked, beside the CPU's decoder and
    /// never on a CPU adapter (its decoding is the CPU's cores again).
    pub fn on(self, asked: Asked, gpu: &Gpu) -> bool {
        asked != Asked::Cpu
            && match self {
                Decode::Cpu => false,
                Decode::Auto => !gpu.is_cpu(),
                Decode::Gpu => true,
            }
    }
}

impl Asked {
    /// A counting method by name, as every surface takes it: "cpu" or an exact GPU
    /// method; "race" is refused (it loses counts on purpose, to show the race).
    pub fn parse(name: &str) -> Result<Asked, String> {
        match (name, Method::parse(name)) {
            ("cpu", _) => Ok(Asked::Cpu),
            (_, Some(m)) if m.exact() => Ok(Asked::Gpu(m)),
            (_, Some(_)) => Err(format!(
                "{name} loses counts on purpose; pick an exact method"
            )),
            (_, None) => {
                let exact = Method::ALL.into_iter().filter(|m| m.exact());
                let names: Vec<&str> = exact.map(Method::name).collect();
                Err(format!(
                    "unknown method '{name}' (cpu, {})",
                    names.join(", ")
                ))
            }
        }
    }
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

/// What a discrete GPU costs a command-line run (an NVIDIA H100 through Vulkan,
/// bench/results/2026-11-26f-h100-staging-pool.txt, 2026-12-05e-h100-jpeg-folder.txt):
/// opening the device, its driver's time on one core ...
const GPU_OPEN: Duration = Duration::from_millis(200);
/// ... and closing it as the process ends, in the run's wall time.
const GPU_CLOSE: Duration = Duration::from_millis(60);
/// What the GPU saves of the CPU method's counting, as a divisor: about half
/// (the workers still copy each band to it). 3000 photos on 16 cores: 5.30 s by
/// the CPU method, 4.58 s by the GPU's, of some 20 s of counting on the cores
/// (bench/results/2026-11-26i-open-gpu.txt).
const GPU_SAVES_ONE_IN: u32 = 2;
/// What decoding a folder's JPEGs on the GPU saves of their decoding on the
/// cores, in quarters (`Decode::Auto`): on an H100 with 16 cores a photo of 3.6
/// megapixels took 2.3 ms of the run's wall time decoded there, 0.55 ms on the
/// GPU (docs/DECISIONS.md 87).
const SHARING_SAVES_QUARTERS: u32 = 3;

/// What the CPU has spent so far on the work an open GPU would take a part of,
/// summed over every thread: the CPU method's counting, and the decoding of the
/// JPEGs the GPU could share.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spent {
    pub counting: Duration,
    pub sharable: Duration,
}

/// Whether a run that asked for no method opens the GPU now (docs/DECISIONS.md
/// 37, 81, 87), having `spent` this on the first `files_read` of its `files`
/// (summed over the `workers` that decode at once on `cores` cores). It waits
/// till each worker has read a file (the pace is measured), then opens it if
/// what is left, at that pace, would save the run more than the GPU costs it:
/// half its counting, three quarters of its JPEGs' decoding, against the
/// closing at the exit and the opening. The JPEGs wait for the opening (the GPU
/// decodes them faster than the cores), so where there are any it costs the
/// run its whole time; else only, where the workers fill every core, its share
/// of one (else an idle core opens it).
///
/// A run of one photo or a few, or a folder that ends soon, never opens it.
/// (A CPU adapter takes nothing: the command line does not open one.)
pub fn open_gpu(
    spent: Spent,
    (files_read, files): (usize, usize),
    workers: usize,
    cores: usize,
) -> bool {
    let (workers, cores) = (workers.max(1), cores.max(1) as u32);
    let opening = if spent.sharable > Duration::ZERO {
        GPU_OPEN
    } else if workers as u32 >= cores {
        GPU_OPEN / cores
    } else {
        Duration::ZERO
    };
    let cost = GPU_CLOSE + opening;
    let left = files.saturating_sub(files_read);
    let saved = spent.counting / GPU_SAVES_ONE_IN + spent.sharable * SHARING_SAVES_QUARTERS / 4;
    let per_file = saved.div_f64(files_read.max(1) as f64);
    files_read >= workers.min(files)
        && files_read > 0
        && per_file.mul_f64(left as f64) / workers as u32 > cost
}

/// Bytes of JPEGs a worker past which a run that asked for no method looks for
/// the adapter at once, beside the workers: about where `open_gpu` opens it for
/// photos of 3.6 megapixels on an H100's 16 cores (0.8 MB each, 40 ms of a core:
/// 140 photos). Looked for and not opened, the adapter cost a run of 120 such
/// photos 0.08 s of its 0.32; looked for at once, it saved a run of 400 as much
/// (docs/DECISIONS.md 88).
const JPEG_BYTES_TO_LOOK: u64 = 8 << 20;

/// Whether a run that asked for no method, its JPEGs of `jpeg_sizes` (read till
/// they are enough) on `workers`, looks for the adapter at once.
pub fn look_at_once(jpeg_sizes: impl Iterator<Item = u64>, workers: usize) -> bool {
    let enough = JPEG_BYTES_TO_LOOK * workers.max(1) as u64;
    let mut bytes = 0u64;
    jpeg_sizes.into_iter().any(|size| {
        bytes = bytes.saturating_add(size);
        bytes >= enough
    })
}

#[cfg(test)]
mod tests {
    use super::{look_at_once, open_gpu, Spent};
    use std::time::Duration;

    fn counting(counting: Duration) -> Spent {
        Spent {
            counting,
            ..Spent::default()
        }
    }

    #[test]
    fn the_gpu_opens_once_the_pace_is_measured_and_more_is_left_than_it_costs() {
        let ms = Duration::from_millis;
        // A photo of 3 megapixels: 6 ms of counting. One alone never opens it.
        assert!(!open_gpu(counting(ms(6)), (1, 1), 1, 16));
        // 40 on one worker of 16 cores: an idle core opens it, the closing stays
        // (60 ms): after the first photo, the 39 left are worth 117 ms; 20 left
        // are worth 60, not more.
        assert!(!open_gpu(counting(Duration::ZERO), (0, 40), 1, 16));
        assert!(open_gpu(counting(ms(6)), (1, 40), 1, 16));
        assert!(!open_gpu(counting(ms(120)), (20, 40), 1, 16));
        // 16 workers on 16 busy cores: the closing and a 16th of the opening each
        // (72.5 ms), once each worker has read a photo. Of 3000, 2984 left: at
        // once; of a folder of 300 the 284 left would save 53 ms: never.
        assert!(!open_gpu(counting(ms(6 * 15)), (15, 3000), 16, 16));
        assert!(open_gpu(counting(ms(6 * 16)), (16, 3000), 16, 16));
        assert!(!open_gpu(counting(ms(6 * 16)), (16, 300), 16, 16));
        assert!(open_gpu(counting(ms(6 * 200)), (200, 600), 16, 16));
        assert!(!open_gpu(counting(ms(6 * 200)), (200, 580), 16, 16));
        // Nothing counted yet.
        assert!(!open_gpu(counting(Duration::ZERO), (0, 0), 0, 0));
    }

    #[test]
    fn a_folder_of_jpegs_opens_it_for_their_decoding() {
        let ms = Duration::from_millis;
        // Photos of 3 megapixels on 16 workers of 16 cores: 40 ms of decoding
        // each and 6 of counting, 33 ms saved a photo. The JPEGs wait for the
        // opening, so it costs the whole of it and the closing (260 ms): worth it
        // with 127 photos left or more (261.9 ms over 16 workers), not 126.
        let spent = |n: u32| Spent {
            counting: ms(6) * n,
            sharable: ms(40) * n,
        };
        assert!(!open_gpu(spent(15), (15, 400), 16, 16));
        assert!(open_gpu(spent(16), (16, 400), 16, 16));
        assert!(open_gpu(spent(16), (16, 143), 16, 16));
        assert!(!open_gpu(spent(16), (16, 142), 16, 16));
        // A folder of 120 took 0.31 s on the cores, 0.38 with the GPU: never.
        assert!(!open_gpu(spent(16), (16, 120), 16, 16));
    }

    #[test]
    fn the_adapter_is_looked_for_at_once_where_the_jpegs_are_enough_bytes() {
        let mb = |n: u64| n << 20;
        // 16 workers: 128 MB, 160 photos of 0.8 MB: 159 are not enough, 161 are.
        assert!(!look_at_once(std::iter::repeat_n(mb(8) / 10, 159), 16));
        assert!(look_at_once(std::iter::repeat_n(mb(8) / 10, 161), 16));
        // One worker: 8 MB; none, nothing.
        assert!(look_at_once([mb(5), mb(3)].into_iter(), 1));
        assert!(!look_at_once([mb(5), mb(3) - 1].into_iter(), 1));
        assert!(!look_at_once(std::iter::empty(), 0));
        // Sizes as a file claims them (a sparse file's near 2^64) add up safely.
        assert!(look_at_once([u64::MAX, u64::MAX].into_iter(), 16));
    }
}
