//! The chapters' simulator (src/sim.rs) against the kernels it simulates: its final
//! bins equal the GPU's count of the same tiny picture with the same bins and
//! chunk (lavapipe here), for every step but the race; the race's equal the
//! independent reference less its lost counts, and replaying its steps' loads and
//! stores here, apart from the simulator, gives the same bins and losses. Every
//! line a step names is one line of its kernel's WGSL.

use crate::common::{gpu, reference};
use histogram::gpu::{ChunkShape, GpuImage, Kernels, Method, Run, RunOptions};
use histogram::sim::{self, Act, Memory, Trace};
use histogram::{Channels, Image, Spec};

fn pictures() -> Vec<(&'static str, Image)> {
    vec![
        ("intro 6x7", sim::intro_picture()),
        ("1x1", Image::solid(1, 1, [200, 10, 90, 255])),
        ("7x3 noise", Image::noise(7, 3, 5)),
        ("5x5 one colour", Image::solid(5, 5, [255, 255, 255, 255])),
        ("9x4 noise", Image::noise(9, 4, 8)),
    ]
}

fn shapes(method: Method) -> Vec<ChunkShape> {
    let shape = |w, h| ChunkShape {
        width: w,
        height: h,
    };
    match method {
        Method::Single => vec![ChunkShape::ONE],
        Method::Race | Method::Atomic => vec![shape(1, 1), shape(2, 2)],
        _ => vec![shape(3, 1), shape(2, 2), shape(4, 1)],
    }
}

fn gpu_count(
    gpu: &histogram::gpu::Gpu,
    kernels: &mut Kernels,
    image: &Image,
    method: Method,
    spec: Spec,
    chunk: ChunkShape,
) -> Vec<u32> {
    let uploaded = GpuImage::upload_for(gpu, image, method.input());
    let run = Run::new(
        gpu,
        kernels,
        &uploaded,
        RunOptions::new(method, spec).chunk(chunk),
    )
    .unwrap();
    pollster::block_on(run.execute(gpu))
        .unwrap()
        .0
        .counts()
        .to_vec()
}

/// The memories a trace writes, replayed.
struct Memories {
    bins: Vec<u32>,
    chunks: Vec<Vec<u32>>,
    local: Vec<Vec<u32>>,
}

impl Memories {
    fn cell(&mut self, at: Memory) -> &mut u32 {
        match at {
            Memory::Bins { bin } => &mut self.bins[bin as usize],
            Memory::Chunk { chunk, bin } => &mut self.chunks[chunk as usize][bin as usize],
            Memory::Local { group, bin } => &mut self.local[group as usize][bin as usize],
        }
    }
}

/// The trace's loads and stores replayed here, apart from the simulator: the bins
/// they leave and how many increments they made.
fn replay(trace: &Trace) -> (Vec<u32>, Vec<u32>) {
    let entries = (trace.num_bins * trace.channels) as usize;
    let mut memory = Memories {
        bins: vec![0; entries],
        chunks: vec![vec![0; entries]; trace.chunks as usize],
        local: vec![vec![0; entries]; trace.chunks as usize],
    };
    let mut made = vec![0u32; entries];
    let mut loaded = std::collections::HashMap::new();
    let increments = !trace.method.starts_with("chunks");
    for step in &trace.steps {
        match step.act {
            Act::Load { at, value } => {
                assert_eq!(*memory.cell(at), value, "a load finds what was stored");
                loaded.insert((step.invocation, at), value);
            }
            Act::Store { at, value, .. } => {
                if let (Memory::Bins { bin }, true) = (at, increments) {
                    made[bin as usize] += 1;
                    assert_eq!(
                        value,
                        loaded[&(step.invocation, at)] + 1,
                        "an increment stores its load + 1"
                    );
                }
                *memory.cell(at) = value;
            }
            Act::Add { at, value } => {
                if let Memory::Bins { bin } = at {
                    made[bin as usize] += 1;
                }
                let cell = memory.cell(at);
                *cell += 1;
                assert_eq!(*cell, value);
            }
            _ => {}
        }
    }
    (memory.bins, made)
}

#[test]
fn the_simulation_ends_with_the_kernels_bins() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    for method in sim::methods() {
        for (name, image) in pictures() {
            for channels in [Channels::Luminance, Channels::Rgbl] {
                let spec = Spec::new(3, channels).unwrap();
                let expected = reference(&image, spec);
                for chunk in shapes(method) {
                    for seed in [1, 7, 2026] {
                        let trace = sim::simulate(method, &image, spec, chunk, 4, seed).unwrap();
                        let what = format!(
                            "{} {name} {channels:?} {chunk:?} seed {seed}",
                            method.name()
                        );
                        let (replayed, made) = replay(&trace);
                        assert_eq!(replayed, trace.bins, "{what}: the steps replayed");
                        if method == Method::Race {
                            let found: Vec<u32> = expected
                                .iter()
                                .zip(&trace.lost)
                                .map(|(e, l)| e - l)
                                .collect();
                            assert_eq!(trace.bins, found, "{what}: exact less the lost counts");
                            let lost: Vec<u32> =
                                made.iter().zip(&trace.bins).map(|(m, b)| m - b).collect();
                            assert_eq!(lost, trace.lost, "{what}: losses counted apart");
                            continue;
                        }
                        assert!(trace.lost.iter().all(|&l| l == 0), "{what}");
                        assert_eq!(trace.bins, expected, "{what}: the reference");
                        if seed == 1 {
                            let counted =
                                gpu_count(&gpu, &mut kernels, &image, method, spec, chunk);
                            assert_eq!(trace.bins, counted, "{what}: the kernel on the GPU");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn every_line_a_step_names_is_one_line_of_its_kernel() {
    for method in sim::methods() {
        let chunk = shapes(method)[0];
        let spec = Spec::new(3, Channels::Rgbl).unwrap();
        let trace = sim::simulate(method, &sim::intro_picture(), spec, chunk, 4, 3).unwrap();
        for step in trace.steps.iter().filter(|s| !s.line.is_empty()) {
            let pass = &trace.passes[trace.invocations[step.invocation as usize].pass as usize];
            let kernel = method
                .kernels()
                .iter()
                .copied()
                .find(|k| k.name == pass.kernel)
                .unwrap();
            let source = kernel.source(spec, chunk);
            let found = source.lines().filter(|l| l.contains(step.line)).count();
            assert_eq!(
                found,
                1,
                "{}: {:?} in {}.wgsl",
                method.name(),
                step.line,
                pass.kernel
            );
        }
    }
}

#[test]
fn the_race_loses_counts_under_some_seeds_and_atomics_make_others_wait() {
    let spec = Spec::new(3, Channels::Luminance).unwrap();
    let picture = sim::intro_picture();
    let losses: Vec<u32> = (1..40)
        .map(|seed| {
            let trace =
                sim::simulate(Method::Race, &picture, spec, ChunkShape::ONE, 4, seed).unwrap();
            trace.lost.iter().sum()
        })
        .collect();
    assert!(losses.iter().any(|&l| l > 0), "{losses:?}");
    let atomic = sim::simulate(Method::Atomic, &picture, spec, ChunkShape::ONE, 4, 5).unwrap();
    assert!(atomic
        .steps
        .iter()
        .any(|s| matches!(s.act, Act::Wait { .. })));
    let chunks = sim::simulate(
        Method::ChunksReduce,
        &picture,
        spec,
        ChunkShape {
            width: 3,
            height: 1,
        },
        4,
        5,
    )
    .unwrap();
    let barriers = chunks
        .steps
        .iter()
        .filter(|s| matches!(s.act, Act::Released))
        .count();
    assert_eq!(barriers, 14, "one release a workgroup of the 14 chunks");
    let strides: Vec<u32> = chunks.passes.iter().filter_map(|p| p.stride).collect();
    assert_eq!(strides, [1, 2, 4, 8]);
    // 14 chunks: stride 2 pairs 0+2, 4+6, 8+10 and leaves 12 (no partner 14) for later.
    let returned = chunks
        .steps
        .iter()
        .filter(|s| {
            matches!(s.act, Act::Return)
                && chunks.passes[chunks.invocations[s.invocation as usize].pass as usize].stride
                    == Some(2)
        })
        .count();
    assert_eq!(
        returned, 3,
        "the pair of chunk 12 has no partner at stride 2: its 3 invocations return"
    );
}
