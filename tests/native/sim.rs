//! The chapters' simulator (src/sim.rs) against the kernels it simulates: its final
//! bins equal the GPU's count of the same tiny picture with the same bins and
//! chunk (lavapipe here), for every step but the race; the race's equal the
//! independent reference less its lost counts, and replaying its steps' loads and
//! stores here, apart from the simulator, gives the same bins and losses. Every
//! line a step names is one line of its kernel's WGSL, and a chapter holds a
//! step-through's place exactly where its step plays one.

use crate::common::{gpu, reference};
use histogram::gpu::{
    lab, listing, ChunkShape, DrawnCanvas, GpuImage, Kernels, Method, Run, RunOptions,
};
use histogram::sim::{self, Act, Memory, Trace};
use histogram::{Channels, Image, Spec};

fn pictures() -> Vec<(&'static str, Image)> {
    vec![
        ("intro 6x7", sim::intro_picture()),
        ("1x1", Image::solid(1, 1, [200, 10, 90, 255])),
        ("7x3 noise", Image::noise(7, 3, 5)),
        ("5x5 one colour", Image::solid(5, 5, [255, 255, 255, 255])),
        ("9x4 noise", Image::noise(9, 4, 8)),
        ("sky 8x5", sim::sky_picture()),
    ]
}

/// The subgroup sizes a method's diagram plays (0: it has none).
fn lanes(method: Method) -> Vec<u32> {
    let played = method.step().diagram().unwrap().lanes;
    if played.is_empty() {
        vec![0]
    } else {
        played.to_vec()
    }
}

fn shapes(method: Method) -> Vec<ChunkShape> {
    let shape = |w, h| ChunkShape {
        width: w,
        height: h,
    };
    match method {
        Method::Single | Method::Subgroups => vec![ChunkShape::ONE],
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
            Memory::Local { group, bin } => {
                let words = &mut self.local[group as usize];
                if words.len() <= bin as usize {
                    words.resize(bin as usize + 1, 0);
                }
                &mut words[bin as usize]
            }
            Memory::Scale { .. } => panic!("the counting kernels keep no scale"),
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
        // Grown to the cells the trace touches (the packed kernel's copies).
        local: vec![Vec::new(); (trace.passes[0].groups[0] * trace.passes[0].groups[1]) as usize],
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
            Act::Peek { at, value } => {
                assert_eq!(*memory.cell(at), value, "atomicLoad finds what was added");
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
            Act::Add { at, value, by } => {
                if let Memory::Bins { bin } = at {
                    made[bin as usize] += by;
                }
                let cell = memory.cell(at);
                *cell += by;
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
                for (chunk, lanes) in shapes(method)
                    .into_iter()
                    .flat_map(|c| lanes(method).into_iter().map(move |l| (c, l)))
                {
                    for seed in [1, 7, 2026] {
                        let trace =
                            sim::simulate(method, None, &image, spec, chunk, lanes, 4, seed)
                                .unwrap();
                        let what = format!(
                            "{} {name} {channels:?} {chunk:?} {lanes} lanes seed {seed}",
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

/// The text of the line a step is on, in its pass's kernel as the GPU compiles it.
fn line_text(
    method: Method,
    trace: &Trace,
    step: &sim::Step,
    spec: Spec,
    chunk: ChunkShape,
) -> String {
    let pass = &trace.passes[trace.invocations[step.invocation as usize].pass as usize];
    let kernel = method
        .kernels()
        .iter()
        .find(|k| k.name == pass.kernel)
        .unwrap();
    let source = kernel.source(spec, chunk);
    source
        .lines()
        .nth(step.line as usize - 1)
        .unwrap_or("")
        .trim()
        .to_string()
}

#[test]
fn every_step_is_on_a_line_of_its_kernel_that_does_it() {
    for method in sim::methods() {
        let chunk = shapes(method)[0];
        let spec = Spec::new(3, Channels::Rgbl).unwrap();
        let picture = (method.step().diagram().unwrap().picture)();
        let trace =
            sim::simulate(method, None, &picture, spec, chunk, lanes(method)[0], 4, 3).unwrap();
        for step in trace.steps.iter().filter(|s| s.line != 0) {
            let text = line_text(method, &trace, step, spec, chunk);
            let what = format!("{}: {:?} on {text:?}", method.name(), step.act);
            assert!(!text.is_empty() && !text.starts_with("//"), "{what}");
            let word = match step.act {
                // A texel, or packed pixels from their buffer.
                Act::Pixel { count: 1, .. } if method != Method::Packed => Some("textureLoad"),
                Act::Pixel { .. } => Some("pixels["),
                Act::Hold { .. } | Act::Add { .. } | Act::Wait { .. } => Some("atomic"),
                Act::Peek { .. } => Some("atomicLoad"),
                Act::Barrier | Act::Released => Some("workgroupBarrier"),
                Act::Vote { .. } | Act::Voted { .. } => Some("subgroup"),
                Act::Return => Some("return"),
                _ => None,
            };
            // What a helper function does is on its call's line (the packed
            // kernel's countQuad, whose countPixel does the atomicAdd).
            let helper = text.split('(').next().is_some_and(|f| {
                method
                    .kernels()
                    .iter()
                    .any(|k| k.source(spec, chunk).contains(&format!("fn {f}(")))
            });
            assert!(helper || word.is_none_or(|w| text.contains(w)), "{what}");
        }
    }
}

#[test]
fn the_race_loses_counts_under_some_seeds_and_atomics_make_others_wait() {
    let spec = Spec::new(3, Channels::Luminance).unwrap();
    let picture = sim::intro_picture();
    let losses: Vec<u32> = (1..40)
        .map(|seed| {
            let trace = sim::simulate(
                Method::Race,
                None,
                &picture,
                spec,
                ChunkShape::ONE,
                0,
                4,
                seed,
            )
            .unwrap();
            trace.lost.iter().sum()
        })
        .collect();
    assert!(losses.iter().any(|&l| l > 0), "{losses:?}");
    let atomic = sim::simulate(
        Method::Atomic,
        None,
        &picture,
        spec,
        ChunkShape::ONE,
        0,
        4,
        5,
    )
    .unwrap();
    assert!(atomic
        .steps
        .iter()
        .any(|s| matches!(s.act, Act::Wait { .. })));
    let chunks = sim::simulate(
        Method::ChunksReduce,
        None,
        &picture,
        spec,
        ChunkShape {
            width: 3,
            height: 1,
        },
        0,
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

/// A trace's atomicAdds to workgroup memory.
fn local_adds(trace: &Trace) -> u32 {
    let local = |s: &&sim::Step| {
        matches!(
            s.act,
            Act::Add {
                at: Memory::Local { .. },
                ..
            }
        )
    };
    trace.steps.iter().filter(local).count() as u32
}

#[test]
fn a_subgroup_of_one_colour_adds_once_and_its_lanes_go_in_step() {
    // The sky picture, 8 wide: with 4 lanes, subgroups 0 and 1 (row 0) and 4 and 5
    // (row 2) are all sky; row 1's have the sun. With 8, rows 0 and 2.
    let spec = Spec::new(3, Channels::Luminance).unwrap();
    let picture = sim::sky_picture();
    for (lanes, alike, adds) in [
        (4, vec![0, 1, 4, 5], 24 + 4),
        (8, vec![0, 2], 24 + 2),
        (16, vec![], 40),
    ] {
        let trace = sim::simulate(
            Method::Subgroups,
            None,
            &picture,
            spec,
            ChunkShape::ONE,
            lanes,
            1,
            9,
        )
        .unwrap();
        assert_eq!(trace.lanes, lanes);
        let voted: Vec<u32> = trace
            .steps
            .iter()
            .filter_map(|s| match s.act {
                Act::Voted {
                    subgroup,
                    vote: sim::Vote::All { alike: true },
                } if subgroup * lanes < 40 => Some(subgroup),
                _ => None,
            })
            .collect();
        let mut sorted = voted.clone();
        sorted.sort();
        assert_eq!(sorted, alike, "{lanes} lanes: the subgroups that agree");
        assert_eq!(
            local_adds(&trace),
            adds,
            "{lanes} lanes: atomicAdds to workgroup memory"
        );
        // In step: no lane of a subgroup votes twice before every lane voted once.
        let mut votes = std::collections::HashMap::<u32, Vec<u32>>::new();
        for s in &trace.steps {
            if let Act::Vote { subgroup } = s.act {
                let lane = trace.invocations[s.invocation as usize].local[0] % lanes;
                let v = votes
                    .entry(subgroup)
                    .or_insert_with(|| vec![0; lanes as usize]);
                v[lane as usize] += 1;
                assert!(
                    v.iter().max().unwrap() - v.iter().min().unwrap() <= 1,
                    "{lanes} lanes"
                );
            }
        }
        // In step: with four channels, no lane of a subgroup that agrees begins a
        // channel before lane 0 has added the last one's count for all.
        let four = Spec::new(3, Channels::Rgbl).unwrap();
        let trace4 = sim::simulate(
            Method::Subgroups,
            None,
            &picture,
            four,
            ChunkShape::ONE,
            lanes,
            1,
            9,
        )
        .unwrap();
        for &k in &alike {
            let mut begun = vec![0; lanes as usize];
            let mut adds = 0;
            for s in &trace4.steps {
                let local = trace4.invocations[s.invocation as usize].local[0];
                if local / lanes != k {
                    continue;
                }
                match s.act {
                    Act::Add {
                        at: Memory::Local { .. },
                        ..
                    } => adds += 1,
                    Act::Line
                        if line_text(Method::Subgroups, &trace4, s, four, ChunkShape::ONE)
                            .starts_with("for (var ch") =>
                    {
                        let lane = (local % lanes) as usize;
                        begun[lane] += 1;
                        assert_eq!(
                            begun[lane],
                            adds + 1,
                            "{lanes} lanes, subgroup {k}, lane {lane}"
                        );
                    }
                    _ => {}
                }
            }
            assert_eq!(adds, 4, "lane 0 adds once a channel");
        }
        // The lanes that no subgroup with a pixel or a bin to copy holds are idle.
        assert_eq!(trace.passes[0].idle, 256 - trace.invocations.len() as u32);
    }
    assert!(sim::simulate(
        Method::Subgroups,
        None,
        &picture,
        spec,
        ChunkShape::ONE,
        5,
        1,
        9
    )
    .is_err());
}

#[test]
fn the_gpus_subgroups_agree_where_the_simulated_ones_do() {
    // The kernel on this GPU, its adds to workgroup memory counted, against the
    // simulator's run with the GPU's own subgroup size.
    let gpu = gpu();
    for channels in [Channels::Luminance, Channels::Rgbl] {
        let spec = Spec::new(3, channels).unwrap();
        for (name, image) in pictures() {
            let uploaded = GpuImage::upload_for(&gpu, &image, Method::Subgroups.input());
            let tally =
                pollster::block_on(histogram::gpu::lab::tally_subgroups(&gpu, &uploaded, spec))
                    .unwrap();
            let trace = sim::simulate(
                Method::Subgroups,
                None,
                &image,
                spec,
                ChunkShape::ONE,
                tally.lanes,
                1,
                1,
            )
            .unwrap();
            let adds = local_adds(&trace);
            assert_eq!(
                adds, tally.adds,
                "{name} {channels:?}, {} lanes",
                tally.lanes
            );
        }
    }
}

/// A chapter declares the step-through it shows (`data-diagram="steps"` on its
/// `<main>`) so that its place is held before the wasm is in; the step decides.
#[test]
fn a_chapter_holds_a_step_through_exactly_where_its_step_has_one() {
    let www = crate::common::repo().join("www");
    let mut chapters = 0;
    for entry in std::fs::read_dir(&www).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let html = std::fs::read_to_string(&path).unwrap();
        let Some(main) = html
            .split("<main ")
            .nth(1)
            .and_then(|m| m.split('>').next())
        else {
            continue;
        };
        let attr = |name: &str| {
            main.split(&format!("{name}=\""))
                .nth(1)
                .and_then(|v| v.split('"').next())
        };
        let Some(method) = attr("data-method").and_then(Method::parse) else {
            continue;
        };
        // A chapter that draws on the GPU steps through its drawing (src/sim/scale_draw.rs).
        let drawn_on_gpu = attr("data-draw") == Some("gpu");
        let stepped = drawn_on_gpu || method.step().diagram().is_some();
        assert_eq!(
            attr("data-diagram") == Some("steps"),
            stepped,
            "{}: data-diagram=\"steps\" where and only where its step plays one",
            path.display()
        );
        chapters += 1;
    }
    assert!(chapters >= 12, "{chapters} chapters read");
}

/// The kernel lab's edits, played: the simulator runs the visitor's text (the
/// listing at the page's 256 bins and 256x1 chunk, its constants made the
/// diagram's), and its bins equal the GPU's run of the same text, for edits that
/// keep the count right and edits that break it; a loop that never ends, an array
/// too large to play and a text that does not compile are refused in words.
#[test]
fn a_labs_edit_plays_as_the_gpu_runs_it() {
    let gpu = gpu();
    let picture = sim::intro_picture();
    let add = "atomicAdd(&bins[binOf(rgb, ch) * channels + ch], 1u);";
    let edits: [(&str, String); 3] = [
        (
            "named",
            "let b = binOf(rgb, ch); // mine\n      atomicAdd(&bins[b * channels + ch], 1u);"
                .into(),
        ),
        ("twice", add.replace("1u);", "2u);")),
        (
            "a bin up",
            add.replace(
                "binOf(rgb, ch) *",
                "min(binOf(rgb, ch) + 1u, numBins - 1u) *",
            ),
        ),
    ];
    for channels in [Channels::Luminance, Channels::Rgbl] {
        let spec = Spec::new(3, channels).unwrap();
        let expected = reference(&picture, spec);
        for (method, chunk) in [
            (Method::Atomic, ChunkShape::ONE),
            (
                Method::ChunksSum,
                ChunkShape {
                    width: 3,
                    height: 1,
                },
            ),
            (
                Method::ChunksReduce,
                ChunkShape {
                    width: 2,
                    height: 2,
                },
            ),
        ] {
            let page = Spec::new(256, channels).unwrap();
            let listing = listing::of(method.kernels(), page, ChunkShape::default());
            assert!(
                listing.contains(add),
                "{method:?}'s listing has the line edited"
            );
            let uploaded = GpuImage::upload_for(&gpu, &picture, method.input());
            for (what, edit) in &edits {
                let text = listing.replace(add, edit);
                let played = sim::simulate(method, Some(&text), &picture, spec, chunk, 0, 4, 5)
                    .unwrap_or_else(|e| panic!("{method:?} {what}: {e}"));
                let options = RunOptions::new(method, spec).chunk(chunk);
                let ran = pollster::block_on(lab::try_text(
                    &gpu,
                    &uploaded,
                    options,
                    &histogram::gpu::rebased(&text, spec, chunk),
                    1,
                    &histogram::Histogram::from_counts(spec, expected.clone()),
                    &Default::default(),
                ))
                .unwrap();
                assert!(
                    ran.refused.is_none() && !ran.stopped,
                    "{method:?} {what}: {ran:?}"
                );
                assert_eq!(
                    played.bins, ran.bins,
                    "{method:?} {channels:?} {what}: the diagram's bins are the GPU's"
                );
                match *what {
                    "named" => assert_eq!(played.bins, expected),
                    "twice" => assert_eq!(
                        played.bins,
                        expected.iter().map(|c| 2 * c).collect::<Vec<_>>()
                    ),
                    _ => assert_ne!(played.bins, expected),
                }
            }
        }
    }
    // Without the barrier the chunks' copy-out runs as each invocation gets there.
    let spec = sim::diagram_spec(1);
    let page = Spec::new(256, Channels::Luminance).unwrap();
    let chunks = listing::of(Method::ChunksSum.kernels(), page, ChunkShape::default());
    let chunk = ChunkShape {
        width: 3,
        height: 1,
    };
    let unbarred = chunks.replace("  workgroupBarrier();\n", "\n");
    let trace = sim::simulate(
        Method::ChunksSum,
        Some(&unbarred),
        &picture,
        spec,
        chunk,
        0,
        4,
        5,
    )
    .unwrap();
    assert!(!trace
        .steps
        .iter()
        .any(|s| matches!(s.act, Act::Barrier | Act::Released)));
    // Refused, each in words, and the run stopped.
    let refused = |text: String, says: &str| {
        let e = sim::simulate(
            Method::ChunksSum,
            Some(&text),
            &picture,
            spec,
            chunk,
            0,
            4,
            5,
        )
        .unwrap_err();
        assert!(e.contains(says), "{says:?} in {e:?}");
    };
    let body = "  let position = workgroup_id.xy";
    refused(
        chunks.replace(body, &format!("  loop {{ }}\n{body}")),
        "does not end",
    );
    refused(
        chunks.replace(body, &format!("  var n = 0u; loop {{ n += 1u; }}\n{body}")),
        "does not end",
    );
    refused(
        chunks.replace(
            "const chunkSize",
            "var<private> big: array<u32, 100000>;\nconst chunkSize",
        ),
        "at most",
    );
    refused(
        chunks.replace("workgroupBarrier();", "workgroupBarrier()"),
        "expected",
    );
    refused(
        chunks.replace("// ---- sum.wgsl ----", ""),
        "each kernel starts with its line",
    );
}

/// Part 2's drawing, played: the scale pass and the draw's fragment shader, each
/// from its own WGSL, colour the diagram's canvas exactly as the GPU's passes do
/// (lavapipe here), for pictures whose bars reach the top, stop short of it or
/// are cut by the five-times-the-average cap, with one channel and four, every
/// channel shown or a few.
#[test]
fn the_simulated_draw_colours_the_canvas_as_the_gpu_draws_it() {
    let gpu = gpu();
    let mut kernels = Kernels::default();
    let mut drawn = 0;
    for (name, picture) in pictures() {
        for (channels, shown) in [
            (Channels::Rgbl, &[0, 1, 2][..]),
            (Channels::Rgbl, &[3][..]),
            (Channels::Rgbl, &[0, 1, 2, 3][..]),
            (Channels::Luminance, &[0][..]),
        ] {
            let spec = Spec::new(3, channels).unwrap();
            let bins = reference(&picture, spec);
            let (trace, sources) = sim::simulate_draw(&picture, &bins, spec, shown).unwrap();
            let simulated = sim::canvas_of(&trace);
            let on_gpu = pollster::block_on(
                DrawnCanvas::submit(
                    &gpu,
                    &mut kernels,
                    &bins,
                    spec,
                    picture.pixel_count(),
                    sim::CANVAS,
                    shown,
                )
                .read(&gpu),
            )
            .unwrap();
            assert_eq!(simulated, on_gpu, "{name}, {channels:?} showing {shown:?}");
            drawn += simulated.iter().filter(|p| p[3] != 0).count();
            // Every fragment wrote its pixel, and every step is on a line of its kernel.
            let colours = trace
                .steps
                .iter()
                .filter(|s| matches!(s.act, Act::Colour { .. }));
            assert_eq!(colours.count() as u32, sim::CANVAS[0] * sim::CANVAS[1]);
            for step in trace.steps.iter().filter(|s| s.line != 0) {
                let pass = &trace.passes[trace.invocations[step.invocation as usize].pass as usize];
                let text = sources[pass.kernel]
                    .text
                    .lines()
                    .nth(step.line as usize - 1)
                    .unwrap();
                let word = match step.act {
                    Act::Put { .. } => Some("result."),
                    Act::Fetch { .. } => Some("scale.scale"),
                    Act::Load { .. } => Some("bins["),
                    Act::Colour { .. } => Some("return"),
                    _ => None,
                };
                assert!(
                    word.is_none_or(|w| text.contains(w)),
                    "{:?} on {text:?}",
                    step.act
                );
            }
        }
    }
    assert!(
        drawn > 100,
        "the canvases have bars: {drawn} pixels coloured"
    );
}
