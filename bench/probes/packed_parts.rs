//! Where the packed kernel's time goes (bench/results/2026-11-22-lab-notes.md, "Faster than CUB", items 10-): the
//! kernel as the site compiles it, and variants of src/gpu/steps/packed/packed.wgsl made from it
//! by text edits, each timed with timestamp queries on the same pixels (counts of
//! the variants that count the image checked against the CPU's):
//!   packed      the kernel as it is;
//!   read        the same loop reading every quad, no atomics: our floor in wgpu;
//!   atomics     the same atomics on pixels made from the index, no reads;
//!   no-flush    no adds to the result at the end: the flush's cost by difference;
//!   empty       no pixels: launch, clearing and reading the workgroup's bins;
//!   flush-all   no pixels, every bin added to the result: the flush at its worst;
//!   spread-all  the same into 8 copies of the result, then folded (a 2nd dispatch);
//!   spread      the flush into 8 copies of the result, then folded;
//!   grid-before the grid rule before the site's (item 11);
//!   gridN       N workgroups (fewer to flush, fewer to read with);
//!   xN          N invocations a workgroup on the site's grid (the site's is 512 on
//!               a GPU that allows it, 256 as it was and on CPUs; read-xN: the reads).
//! With VARIANTS=a,b only those run.
//!
//!     WGPU_BACKEND=vulkan cargo run --release --example packed_parts -- \
//!         [SIZES=1920x1080,8192x8192] [KINDS=natural,noise,uniform] [photo files...]

use histogram::gpu::{packed_groups, with_constants, ChunkShape, Gpu, Limits};
use histogram::{compute_cpu, Image, Spec};
use wgpu::util::DeviceExt;

const PACKED: &str = include_str!("../../src/gpu/steps/packed/packed.wgsl");
const RUNS: usize = 30;

/// `text` with `from` replaced, which must be there: a variant that silently kept
/// the original would time the original under another name.
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "packed.wgsl no longer has {from:?}");
    text.replace(from, to)
}

/// How many workgroups a variant's grid has for `quads` quads of pixels.
#[derive(Clone, Copy)]
enum Grid {
    /// The site's (src/gpu/grid.rs).
    Site,
    /// The rule before: at least 16 quads an invocation, at least 512 workgroups
    /// (or 4 quads an invocation, for small images), at most 1024.
    Before,
    /// This many, at most one per 4 quads an invocation.
    Fixed(u64),
}

impl Grid {
    fn groups(self, quads: u64) -> u32 {
        let q4 = quads.div_ceil(256 * 4);
        match self {
            Grid::Site => packed_groups(quads) as u32,
            Grid::Before => quads.div_ceil(256 * 16).max(q4.min(512)).clamp(1, 1024) as u32,
            Grid::Fixed(n) => n.min(q4).max(1) as u32,
        }
    }
}

/// Copies of the result a `spread` variant's workgroups add into (workgroup w into
/// copy w % 8), folded into the first by a second dispatch in the same pass.
const SPREAD: u64 = 8;
const FOLD: &str = "
@group(0) @binding(0) var<storage, read_write> result: array<u32>;
@compute @workgroup_size(256) fn cs(@builtin(global_invocation_id) id: vec3u) {
  var total = 0u;
  for (var c = 1u; c < 8u; c++) {
    total += result[c * numBins * channels + id.x];
    result[c * numBins * channels + id.x] = 0u;
  }
  result[id.x] += total;
}";

struct Variant {
    name: &'static str,
    body: String,
    grid: Grid,
    spread: bool,
    /// Whether its counts are the image's (checked against the CPU).
    exact: bool,
    /// Invocations a workgroup, where not the site's.
    invocations: Option<u32>,
}

fn variants() -> Vec<Variant> {
    let read = |body: &str| {
        let body = edit(
            body,
            "fn countPixel(pixel: u32, copy: u32) {",
            "var<private> sink: u32;\nfn countPixel(pixel: u32, copy: u32) { sink ^= pixel; }\nfn unused(pixel: u32, copy: u32) {",
        );
        edit(
            &body,
            "  workgroupBarrier();",
            "  if (sink == 0x12345678u) { atomicAdd(&result[0], 1u); }\n  workgroupBarrier();",
        )
    };
    let hashed = |v: &str| {
        format!("vec4u({v} * 2654435761u, {v} * 2246822519u, {v} * 3266489917u, {v} * 668265263u)")
    };
    let mut atomics = PACKED.to_string();
    for (load, index) in [
        ("quad = pixels[i];", "i"),
        ("quad2 = pixels[i + stride];", "(i + stride)"),
        ("nextQuad = pixels[next];", "next"),
        ("nextQuad2 = pixels[next + stride];", "(next + stride)"),
    ] {
        let made = format!("{} = {};", load.split(" = ").next().unwrap(), hashed(index));
        atomics = edit(&atomics, load, &made);
    }
    let no_flush = edit(PACKED, "if (total != 0u) {", "if (total == 0xffffffffu) {");
    let empty = edit(
        PACKED,
        "let count = band.size.x * band.size.y;",
        "let count = band.size.x * band.size.y * 0u;",
    );
    let flush_all = edit(&empty, "if (total != 0u) {", "if (true) {");
    let spread = |body: &str| {
        edit(
            body,
            "atomicAdd(&result[r], total);",
            "atomicAdd(&result[(workgroup_id.x % 8u) * numBins * channels + r], total);",
        )
    };
    let v = |name, body: &str, grid, spread, exact| Variant {
        name,
        body: body.to_string(),
        grid,
        spread,
        exact,
        invocations: None,
    };
    let site = Grid::Site;
    // Another workgroup size than the site's (src/gpu/kernels.rs,
    // `packed_invocations`) on the same grid: as many flushes, more or fewer warps
    // on each multiprocessor to overlap loads and atomics.
    let sized = |n: u32, variant: Variant| Variant {
        invocations: Some(n),
        ..variant
    };
    let mut all = vec![
        v("packed", PACKED, site, false, true),
        sized(256, v("x256", PACKED, site, false, true)),
        sized(768, v("x768", PACKED, site, false, true)),
        sized(1024, v("x1024", PACKED, site, false, true)),
        sized(256, v("read-x256", &read(PACKED), site, false, false)),
        sized(1024, v("read-x1024", &read(PACKED), site, false, false)),
        v("read", &read(PACKED), site, false, false),
        v("atomics", &atomics, site, false, false),
        v("no-flush", &no_flush, site, false, false),
        v("empty", &empty, site, false, false),
        v("flush-all", &flush_all, site, false, false),
        v("spread-all", &spread(&flush_all), site, true, false),
        v("spread", &spread(PACKED), site, true, true),
        v("grid-before", PACKED, Grid::Before, false, true),
        v("grid128", PACKED, Grid::Fixed(128), false, true),
        v("grid256", PACKED, Grid::Fixed(256), false, true),
        v("grid384", PACKED, Grid::Fixed(384), false, true),
        v("grid512", PACKED, Grid::Fixed(512), false, true),
        v("grid768", PACKED, Grid::Fixed(768), false, true),
        v("grid1024", PACKED, Grid::Fixed(1024), false, true),
    ];
    if let Ok(names) = std::env::var("VARIANTS") {
        let names: Vec<&str> = names.split(',').collect();
        all.retain(|v| names.contains(&v.name));
    }
    all
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let sizes = args.first().map_or("1920x1080,8192x8192", String::as_str);
    let kinds = args.get(1).map_or("natural,noise,uniform", String::as_str);
    let mut images: Vec<(String, Image)> = Vec::new();
    for size in sizes.split(',') {
        let (w, h) = size.split_once('x').ok_or("sizes are WxH")?;
        for kind in kinds.split(',') {
            let image = Image::bench(kind, w.parse()?, h.parse()?).ok_or("unknown kind")?;
            images.push((kind.to_string(), image));
        }
    }
    for path in args.iter().skip(2) {
        let bytes = std::fs::read(path)?;
        let image =
            histogram::decode::decode(&bytes, histogram::image::MAX_PIXELS, u64::MAX)?.image;
        images.push(("photo".to_string(), image));
    }

    let gpu = pollster::block_on(Gpu::new(&Default::default()))?;
    if !gpu.timestamps {
        return Err("this GPU has no timestamp queries".into());
    }
    let device = &gpu.device;
    let spec = Spec::rgbl();
    let site_invocations = Limits::of(&gpu).packed_invocations;
    // `invocations`: packed.wgsl's workgroup size (the fold has none).
    let pipeline = |name: &str, body: &str, invocations: Option<u32>| {
        let size = invocations.map(|n| [("workgroupSize", f64::from(n))]);
        let source = with_constants(spec, ChunkShape::default(), body);
        // Unchecked, as the site's native kernels are (src/gpu/kernels.rs).
        let module = unsafe {
            device.create_shader_module_trusted(
                wgpu::ShaderModuleDescriptor {
                    label: Some(name),
                    source: wgpu::ShaderSource::Wgsl(source.into()),
                },
                wgpu::ShaderRuntimeChecks::unchecked(),
            )
        };
        device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some(name),
            layout: None,
            module: &module,
            entry_point: Some("cs"),
            compilation_options: wgpu::PipelineCompilationOptions {
                constants: size.as_ref().map_or(&[], |c| c.as_slice()),
                ..Default::default()
            },
            cache: None,
        })
    };
    let variants = variants();
    let pipelines: Vec<_> = variants
        .iter()
        .map(|v| {
            pipeline(
                v.name,
                &v.body,
                Some(v.invocations.unwrap_or(site_invocations)),
            )
        })
        .collect();
    let fold = pipeline("fold", FOLD, None);

    println!(
        "# bench/probes/packed_parts.rs: {} ({:?}), 4 channels x 256 bins, median of {RUNS} runs after 300 or 50 ms busy, us",
        gpu.info.name, gpu.info.backend
    );
    print!("{:<10} {:<8}", "size", "image");
    for v in &variants {
        print!(" {:>10}", v.name);
    }
    println!();

    let queries = device.create_query_set(&wgpu::QuerySetDescriptor {
        label: None,
        ty: wgpu::QueryType::Timestamp,
        count: 2,
    });
    let resolved = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 16,
        usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 16 + 4096 * SPREAD,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let result = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 4096 * SPREAD,
        usage: wgpu::BufferUsages::STORAGE
            | wgpu::BufferUsages::COPY_SRC
            | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let period = gpu.queue.get_timestamp_period() as f64;

    for (kind, image) in &images {
        let mut rgba = image.rgba().to_vec();
        rgba.resize(rgba.len().next_multiple_of(16) + 16, 0);
        let pixels = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: &rgba,
            usage: wgpu::BufferUsages::STORAGE,
        });
        let band = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: &[0u32, 0, image.width(), image.height()]
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect::<Vec<u8>>(),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        let reference: Vec<u32> = compute_cpu(image, spec).counts().to_vec();
        let quads = image.pixel_count().div_ceil(4);
        print!(
            "{:<10} {kind:<8}",
            format!("{}x{}", image.width(), image.height())
        );
        for (v, pipeline) in variants.iter().zip(&pipelines) {
            let groups = v.grid.groups(quads);
            let fold_group = v.spread.then(|| {
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: None,
                    layout: &fold.get_bind_group_layout(0),
                    entries: &[wgpu::BindGroupEntry {
                        binding: 0,
                        resource: result.as_entire_binding(),
                    }],
                })
            });
            let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout: &pipeline.get_bind_group_layout(0),
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: result.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: pixels.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 2,
                        resource: band.as_entire_binding(),
                    },
                ],
            });
            let once = |timed: bool| -> (f64, Vec<u32>) {
                let mut encoder = device.create_command_encoder(&Default::default());
                encoder.clear_buffer(&result, 0, None);
                {
                    let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                        label: None,
                        timestamp_writes: timed.then_some(wgpu::ComputePassTimestampWrites {
                            query_set: &queries,
                            beginning_of_pass_write_index: Some(0),
                            end_of_pass_write_index: Some(1),
                        }),
                    });
                    pass.set_pipeline(pipeline);
                    pass.set_bind_group(0, &bind_group, &[]);
                    pass.dispatch_workgroups(groups, 1, 1);
                    if let Some(fold_group) = &fold_group {
                        pass.set_pipeline(&fold);
                        pass.set_bind_group(0, fold_group, &[]);
                        pass.dispatch_workgroups(4, 1, 1);
                    }
                }
                if !timed {
                    gpu.queue.submit([encoder.finish()]);
                    return (0.0, Vec::new());
                }
                encoder.resolve_query_set(&queries, 0..2, &resolved, 0);
                encoder.copy_buffer_to_buffer(&resolved, 0, &readback, 0, 16);
                encoder.copy_buffer_to_buffer(&result, 0, &readback, 16, 4096 * SPREAD);
                gpu.queue.submit([encoder.finish()]);
                readback.slice(..).map_async(wgpu::MapMode::Read, |_| ());
                device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
                let words: Vec<u32> = readback
                    .get_mapped_range(..)
                    .expect("mapped")
                    .chunks_exact(4)
                    .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
                    .collect();
                readback.unmap();
                let ticks = (words[2] as u64 | (words[3] as u64) << 32)
                    - (words[0] as u64 | (words[1] as u64) << 32);
                (ticks as f64 * period / 1000.0, words[4..4 + 1024].to_vec())
            };
            // Busy first, so the GPU is at its clocks (item 9): 300 ms after making
            // the image (the GPU idled meanwhile), 50 between variants.
            let warm_ms = if std::ptr::eq(pipeline, &pipelines[0]) {
                300
            } else {
                50
            };
            let start = std::time::Instant::now();
            while start.elapsed().as_millis() < warm_ms {
                for _ in 0..20 {
                    once(false);
                }
                device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            }
            let mut times = Vec::with_capacity(RUNS);
            let mut right = true;
            for _ in 0..RUNS {
                let (us, counts) = once(true);
                times.push(us);
                right &= !v.exact || counts == reference;
            }
            times.sort_by(f64::total_cmp);
            let mark = if right { "" } else { "!" };
            print!(" {:>10}", format!("{mark}{:.1}", times[RUNS / 2]));
        }
        println!();
        if let Some(fault) = gpu.fault() {
            return Err(fault.into());
        }
    }
    println!("# ! before a time: that variant's counts differed from the CPU's");
    Ok(())
}
