//! The kernel lab: a step's kernels as a visitor edited them, compiled with the
//! compiler's messages at their line and column, run with the step's own bindings
//! and dispatches beside the step's own kernels, and checked bin for bin.
//!
//! Every loop of both versions is guarded (src/gpu/lab_guard.rs): a loop that goes
//! round more often than a bound stops, and the lab says so, so a loop that never
//! ends cannot hang the GPU (a CPU-emulated GPU, as Chromium's SwiftShader, has no
//! watchdog to end it). A kernel's bound is 4 times the most rounds any loop of the
//! step's own kernel goes round once entered, on the picture (measured by a first
//! run that counts them), and at least 64.
//!
//! A guard bounds rounds, not work: a round can hold many atomics, and a kernel
//! needs no loop to be slow. So the edited text's first run goes a dispatch at a
//! time, and the lab gives up between two when the visitor presses Stop or the
//! run has taken longer than its budget (`budget_ms`); nothing interrupts a GPU
//! inside a dispatch, but a dispatch is a band of the picture.

use super::device::{Gpu, GpuError};
use super::gpu_image::GpuImage;
use super::kernels::{as_compiled, ChunkShape, Kernel, Kernels};
use super::lab_guard::{guarded, reserved, Guard};
use super::listing;
use super::owned::Owned;
use super::run::{Run, RunOptions};
use super::steps::Method;
use super::timing::now_ms;
use crate::histogram::{Histogram, Spec};
use std::cell::Cell;
use std::collections::HashMap;

/// Why the lab gave up on an edited text before its run ended.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Halt {
    /// The visitor pressed Stop.
    Pressed,
    /// Its run took longer than the budget.
    Budget,
}

/// The most milliseconds an edited text's runs may take: 10 times the step's
/// own first run on this picture and GPU, and 10 s at least. Its first run is
/// given up past it; the timed runs after it are not begun past it.
pub fn budget_ms(own_ms: f64) -> f64 {
    (10.0 * own_ms).max(10_000.0)
}

/// A compiler's message, placed in the whole text: lines and columns from 1,
/// columns and length in characters.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Message {
    pub kernel: &'static str,
    pub line: u32,
    pub column: u32,
    pub length: u32,
    pub severity: &'static str,
    pub message: String,
}

/// One bin a kernel counted wrong.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct WrongBin {
    pub channel: usize,
    pub bin: usize,
    pub counted: u32,
    pub expected: u32,
}

/// A version's time: each pass's median over the runs (milliseconds, None where
/// the GPU gives no timestamps), and the whole run's.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Timed {
    pub passes: Vec<(String, Option<f64>)>,
    pub gpu_ms: Option<f64>,
    pub wall_ms: f64,
}

/// What the lab says of an edited text.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Report {
    /// Errors and warnings of the compiler; with an error nothing ran.
    pub messages: Vec<Message>,
    /// Why it could not run, where it compiled but could not (its bindings).
    pub refused: Option<String>,
    /// Whether a loop of the edited kernels went round past the bound.
    pub stopped: bool,
    /// Why its run was given up, where it was, and after how many milliseconds.
    pub halted: Option<(Halt, f64)>,
    /// The time its runs were given (`budget_ms`).
    pub budget_ms: f64,
    /// Its first run's milliseconds, by the wall clock, where it ran whole.
    pub first_ms: f64,
    /// The bound, in rounds a loop once entered, of each kernel.
    pub bounds: Vec<(&'static str, u64)>,
    pub exact: bool,
    pub wrong: Vec<WrongBin>,
    /// The edited kernels' bins (bin x channels + channel), where they ran.
    pub bins: Vec<u32>,
    pub counted: u64,
    pub expected: u64,
    pub edited: Timed,
    pub original: Timed,
    pub runs: u32,
}

/// The compiler's messages on each kernel of `sections`, placed in the whole text.
/// An error where the device failed or was lost meanwhile: its messages are then
/// about the device (Firefox: "Parent device is lost"), not the text.
pub async fn compile_messages(
    gpu: &Gpu,
    sections: &[(Kernel, String, u32)],
) -> Result<Vec<Message>, GpuError> {
    let mut messages = Vec::new();
    for (kernel, text, first) in sections {
        let scope = gpu.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let module = gpu
            .device
            .create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(kernel.name),
                source: wgpu::ShaderSource::Wgsl(as_compiled(text).into()),
            });
        let info = module.get_compilation_info().await;
        let error = scope.pop().await;
        let before = messages.len();
        for m in info.messages {
            let (line, column, length) = match m.location {
                Some(at) => place(text, at.offset as usize, at.length as usize),
                None => (1, 1, 0),
            };
            messages.push(Message {
                kernel: kernel.name,
                line: first + line - 1,
                column,
                length,
                severity: match m.message_type {
                    wgpu::CompilationMessageType::Error => "error",
                    wgpu::CompilationMessageType::Warning => "warning",
                    wgpu::CompilationMessageType::Info => "info",
                },
                // The first line: naga adds a code frame, numbered in its kernel alone.
                message: m.message.trim().lines().next().unwrap_or("").to_string(),
            });
        }
        // A module refused with no message of its own (a browser may give none).
        if let Some(error) = error {
            if !messages[before..].iter().any(|m| m.severity == "error") {
                messages.push(Message {
                    kernel: kernel.name,
                    line: *first,
                    column: 1,
                    length: 0,
                    severity: "error",
                    message: error.to_string(),
                });
            }
        }
    }
    match gpu.fault() {
        Some(fault) => Err(GpuError(fault)),
        None => Ok(messages),
    }
}

/// A byte offset and length in `text` as a line, a column and a length in characters.
fn place(text: &str, offset: usize, length: usize) -> (u32, u32, u32) {
    let offset = offset.min(text.len());
    let offset = (0..=offset)
        .rev()
        .find(|&o| text.is_char_boundary(o))
        .unwrap_or(0);
    let before = &text[..offset];
    let line = before.matches('\n').count() as u32 + 1;
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    let column = text[line_start..offset].chars().count() as u32 + 1;
    let end = (offset + length).min(text.len());
    let length = text
        .get(offset..end)
        .map_or(1, |s| s.chars().count() as u32);
    (line, column, length)
}

/// The bins that differ between `counted` and `expected` (the same spec).
pub fn wrong_bins(counted: &Histogram, expected: &Histogram) -> Vec<WrongBin> {
    let channels = expected.spec().channels.count() as usize;
    let (c, e) = (counted.counts(), expected.counts());
    (0..e.len())
        .filter(|&i| c.get(i) != Some(&e[i]))
        .map(|i| WrongBin {
            channel: i % channels,
            bin: i / channels,
            counted: c.get(i).copied().unwrap_or(0),
            expected: e[i],
        })
        .collect()
}

/// A version's first run, a dispatch at a time (`Run::encode_part`).
enum Probe {
    Ran(Histogram, Vec<u32>),
    Halted(Halt, f64),
}

/// One version's kernels guarded, compiled and bound as the step binds them, and
/// its guard's words (one a kernel, and any more `words` asks for).
struct Version {
    run: Run,
    guard: Owned<wgpu::Buffer>,
    flag: Owned<wgpu::Buffer>,
}

impl Version {
    fn new(
        gpu: &Gpu,
        image: &GpuImage,
        options: RunOptions,
        texts: &[(Kernel, String)],
        bounds: Option<&[u64]>,
        words: usize,
    ) -> Result<Version, GpuError> {
        let size = 4 * words.max(texts.len()) as u64;
        let guard: Owned<wgpu::Buffer> = gpu
            .device
            .create_buffer(&wgpu::BufferDescriptor {
                label: Some("lab guard"),
                size,
                usage: wgpu::BufferUsages::STORAGE
                    | wgpu::BufferUsages::COPY_SRC
                    | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
            .into();
        let flag: Owned<wgpu::Buffer> = gpu
            .device
            .create_buffer(&wgpu::BufferDescriptor {
                label: Some("lab guard read"),
                size,
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
            .into();
        let guarded: HashMap<&'static str, (String, bool)> = texts
            .iter()
            .enumerate()
            .map(|(slot, (k, text))| {
                let guard = bounds.map_or(Guard::Measure, |b| Guard::Bound(b[slot]));
                (
                    k.name,
                    guarded(&as_compiled(text), guard, slot, k.binds.len()),
                )
            })
            .collect();
        let mut kernels = Kernels::lab(guarded, (*guard).clone());
        let run = Run::new(gpu, &mut kernels, image, options)?;
        Ok(Version { run, guard, flag })
    }

    /// Runs once: the histogram, its times and the guard's words (a kernel's most
    /// rounds, measured; or whether the guard stopped it).
    async fn execute(&self, gpu: &Gpu) -> Result<(Histogram, Timed, Vec<u32>), GpuError> {
        let start = now_ms();
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        encoder.clear_buffer(&self.guard, 0, None);
        self.run.encode(&mut encoder);
        self.run.encode_readback(&mut encoder);
        encoder.copy_buffer_to_buffer(&self.guard, 0, &self.flag, 0, self.guard.size());
        gpu.scoped(|| gpu.queue.submit([encoder.finish()])).await?;
        let (histogram, gpu_ms) = self.run.read(gpu).await?;
        let flag = gpu.read_buffer(&self.flag).await?;
        let timed = Timed {
            passes: self.run.pass_times(),
            gpu_ms,
            wall_ms: now_ms() - start,
        };
        Ok((histogram, timed, words(&flag)))
    }

    /// Runs once in parts, giving up between two where `stop` is set or the
    /// parts took longer than `budget_ms`: the histogram and the guard's words.
    async fn probe(&self, gpu: &Gpu, stop: &Cell<bool>, budget_ms: f64) -> Result<Probe, GpuError> {
        let start = now_ms();
        let parts = self.run.parts();
        for part in 0..parts {
            let mut encoder = gpu.device.create_command_encoder(&Default::default());
            if part == 0 {
                encoder.clear_buffer(&self.guard, 0, None);
            }
            self.run.encode_part(&mut encoder, part);
            gpu.submit(encoder.finish()).await?;
            let spent = now_ms() - start;
            if stop.get() {
                return Ok(Probe::Halted(Halt::Pressed, spent));
            }
            if spent > budget_ms && part + 1 < parts {
                return Ok(Probe::Halted(Halt::Budget, spent));
            }
        }
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        self.run.encode_untimed_readback(&mut encoder);
        encoder.copy_buffer_to_buffer(&self.guard, 0, &self.flag, 0, self.guard.size());
        gpu.submit(encoder.finish()).await?;
        let (histogram, _) = self.run.read(gpu).await?;
        Ok(Probe::Ran(
            histogram,
            words(&gpu.read_buffer(&self.flag).await?),
        ))
    }
}

/// A guard buffer's words.
fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes(w.try_into().expect("four bytes")))
        .collect()
}

/// The median of each pass and of the whole over `times` (one version's runs).
fn median(times: &[Timed]) -> Timed {
    let mid = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        (!v.is_empty()).then(|| v[v.len() / 2])
    };
    let first = times.first().cloned().unwrap_or_default();
    Timed {
        passes: first
            .passes
            .iter()
            .enumerate()
            .map(|(p, (name, _))| {
                let v = times.iter().filter_map(|t| t.passes.get(p)?.1).collect();
                (name.clone(), mid(v))
            })
            .collect(),
        gpu_ms: mid(times.iter().filter_map(|t| t.gpu_ms).collect()),
        wall_ms: mid(times.iter().map(|t| t.wall_ms).collect()).unwrap_or(0.0),
    }
}

/// Compiles `text` (a listing of `options.method`'s kernels, edited) and, where it
/// compiles, runs it once in parts (given up on `stop` or past its budget), then
/// it and the step's own kernels `runs` times each, in turn, over `image`, both
/// guarded; checks the edited one's bins against `expected`.
pub async fn try_text(
    gpu: &Gpu,
    image: &GpuImage,
    options: RunOptions,
    text: &str,
    runs: u32,
    expected: &Histogram,
    stop: &Cell<bool>,
) -> Result<Report, GpuError> {
    let method = options.method;
    let mut report = Report {
        expected: expected.counts().iter().map(|&c| c as u64).sum(),
        ..Report::default()
    };
    let sections = match listing::sections(method.kernels(), text) {
        Ok(s) => s,
        Err(reason) => {
            report.refused = Some(reason);
            return Ok(report);
        }
    };
    if let Some(name) = reserved(text) {
        report.refused = Some(format!(
            "it uses the name {name}, which the lab's loop guard adds: choose another"
        ));
        return Ok(report);
    }
    report.messages = compile_messages(gpu, &sections).await?;
    if report.messages.iter().any(|m| m.severity == "error") {
        return Ok(report);
    }
    let own: Vec<(Kernel, String)> = method
        .kernels()
        .iter()
        .map(|k| (*k, k.source(options.spec, options.chunk)))
        .collect();
    // Each kernel's bound: 4 times the most rounds the step's own takes here.
    let measure = gpu
        .scoped(|| Version::new(gpu, image, options, &own, None, 0))
        .await??;
    let (_, own_time, most) = measure.execute(gpu).await?;
    drop(measure);
    report.budget_ms = budget_ms(own_time.wall_ms);
    let bounds: Vec<u64> = most.iter().map(|&m| (4 * m as u64).max(64)).collect();
    report.bounds = own
        .iter()
        .zip(&bounds)
        .map(|((k, _), &b)| (k.name, b))
        .collect();
    let edited: Vec<(Kernel, String)> = sections.into_iter().map(|(k, t, _)| (k, t)).collect();
    let original = gpu
        .scoped(|| Version::new(gpu, image, options, &own, Some(&bounds), 0))
        .await??;
    let edited = match gpu
        .scoped(|| Version::new(gpu, image, options, &edited, Some(&bounds), 0))
        .await
        .and_then(|v| v)
    {
        Ok(v) => v,
        Err(e) => {
            report.refused = Some(format!(
                "it compiles, but not with the step's bindings and dispatches and the lab's loop guard: {}",
                e.0
            ));
            return Ok(report);
        }
    };
    let start = now_ms();
    let (counted, guard) = match edited.probe(gpu, stop, report.budget_ms).await? {
        Probe::Ran(histogram, guard) => (histogram, guard),
        Probe::Halted(halt, spent) => {
            report.halted = Some((halt, spent));
            return Ok(report);
        }
    };
    report.stopped = guard.iter().any(|&w| w != 0);
    report.first_ms = now_ms() - start;
    // Timed whole, in turn, while Stop is not pressed and a round (the step's own
    // run and one like the first) fits in what is left of the budget.
    let round_ms = report.first_ms + own_time.wall_ms;
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..runs.max(1) {
        if report.stopped || stop.get() || now_ms() - start + round_ms > report.budget_ms {
            break;
        }
        let (_, t, _) = original.execute(gpu).await?;
        theirs.push(t);
        let (_, t, _) = edited.execute(gpu).await?;
        mine.push(t);
    }
    report.runs = mine.len() as u32;
    report.counted = counted.counts().iter().map(|&c| c as u64).sum();
    report.wrong = wrong_bins(&counted, expected);
    report.bins = counted.counts().to_vec();
    report.exact = report.wrong.is_empty() && !report.stopped;
    report.edited = median(&mine);
    report.original = median(&theirs);
    Ok(report)
}

/// How the subgroups kernel's subgroups went on a picture, counted on the GPU.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Tally {
    /// Lanes a subgroup, by the `subgroup_size` builtin.
    pub lanes: u32,
    /// Its atomicAdds to workgroup memory: one a subgroup that agreed, one a lane
    /// with a pixel elsewhere (per channel).
    pub adds: u32,
}

/// The subgroups kernel run once over `image` with its subgroups counted (the
/// step's `tallied` text, guarded as every lab text): its chapter's diagram sets
/// this beside the simulator's run of the same picture.
pub async fn tally_subgroups(gpu: &Gpu, image: &GpuImage, spec: Spec) -> Result<Tally, GpuError> {
    let method = Method::Subgroups;
    let kernel = method.kernels()[0];
    let text = crate::gpu::steps::subgroups_tallied(&kernel.source(spec, ChunkShape::default()))
        .ok_or_else(|| {
            GpuError("the subgroups kernel's text is not the one its tally edits".into())
        })?;
    let options = RunOptions::new(method, spec);
    let version = gpu
        .scoped(|| Version::new(gpu, image, options, &[(kernel, text)], None, 3))
        .await??;
    let (_, _, words) = version.execute(gpu).await?;
    Ok(Tally {
        lanes: words[1],
        adds: words[2],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_counted_in_characters() {
        assert_eq!(place("ab\n×cd", 5, 2), (2, 2, 2));
        assert_eq!(place("abc", 0, 0), (1, 1, 0));
    }
}
