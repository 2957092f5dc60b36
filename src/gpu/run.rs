//! A prepared run of one method over an image on the GPU (src/gpu/gpu_image.rs): every
//! buffer, bind group and dispatch made once, so it can be encoded again and again
//! (the timings page, a video frame) without allocating.
//!
//! Each tile of an image is processed in bands small enough for the dispatch and
//! buffer limits. Every band adds into the same bins.

use super::device::{Gpu, GpuError};
use super::gpu_image::{GpuImage, TileData};
use super::grid::Limits;
use super::kernels::{Bind, ChunkShape, Kernels, Workgroup};
use super::owned::Owned;
use super::plan::{bands, notes, Fit, Plan, MAX_TIMED_PASSES};
use super::steps::{check_fits, Method, Regrid};
use super::timing::now_ms;
use super::timing::{pass_ms, Queries, Timing};
use crate::histogram::{Histogram, Spec};
use crate::image::Region;
use std::cell::Cell;
use wgpu::util::DeviceExt;

mod commands;
use commands::{Dispatch, Work};

/// One method over one image, ready to run.
pub struct Run {
    method: Method,
    spec: Spec,
    dispatches: Vec<Dispatch>,
    bins: Owned<wgpu::Buffer>,
    readback: Owned<wgpu::Buffer>,
    /// Between `encode_readback` and the end of `read`: the readback is busy.
    reading: Cell<bool>,
    /// Whether the last readback copied the passes' timestamps.
    timed: Cell<bool>,
    /// The dispatches' band uniforms, one slot each.
    uniforms: Owned<wgpu::Buffer>,
    /// For a run that can move its region (`set_region`): the image's size and the
    /// most workgroups a dispatch may have.
    movable: Option<(Regrid, [u32; 2], u32)>,
    _chunks: Option<Owned<wgpu::Buffer>>,
    /// The colour target of a method counted by fragments, as large as its
    /// largest band, never written.
    target: Option<(Owned<wgpu::Texture>, wgpu::TextureView)>,
    queries: Option<Queries>,
    /// The dispatches in passes, each timed on its own: a kernel's dispatches in a
    /// row are one pass (the chunks, each reduce step, the sum).
    passes: Vec<(String, std::ops::Range<usize>)>,
    /// Each pass's GPU milliseconds from the last `read` (None: no timestamps, or
    /// shorter than the browser's resolution).
    pass_times: std::cell::RefCell<Vec<Option<f64>>>,
    /// Each dispatch's workgroups (x, y, z) and invocations a workgroup.
    grids: Vec<([u32; 3], u32)>,
    bands: usize,
    invocations: Cell<u64>,
    notes: Vec<crate::words::Words>,
}

/// What a run counts and how: the method, the bins, and where the defaults do
/// not do, the chunk shape, the device limits (tests shrink them to force bands)
/// and a region of the image.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunOptions {
    pub method: Method,
    pub spec: Spec,
    pub chunk: ChunkShape,
    /// `None`: the device's own (`Limits::of`).
    pub limits: Option<Limits>,
    /// `None`: the whole image. A region is read through the kernels' band
    /// uniforms, nothing is copied: for methods that read textures of the image in
    /// its own layout (not packed pixels, not a thin image laid out anew).
    pub region: Option<Region>,
}

impl RunOptions {
    pub fn new(method: Method, spec: Spec) -> RunOptions {
        RunOptions {
            method,
            spec,
            chunk: method.default_shape(),
            limits: None,
            region: None,
        }
    }

    pub fn chunk(self, chunk: ChunkShape) -> RunOptions {
        RunOptions { chunk, ..self }
    }

    pub fn limits(self, limits: Limits) -> RunOptions {
        RunOptions {
            limits: Some(limits),
            ..self
        }
    }

    pub fn region(self, region: Region) -> RunOptions {
        RunOptions {
            region: Some(region),
            ..self
        }
    }
}

impl Run {
    /// Prepares a run over `image`. The run binds the image's textures or buffers:
    /// keep the image while the run is used (dropping it destroys them).
    pub fn new(
        gpu: &Gpu,
        kernels: &mut Kernels,
        image: &GpuImage,
        options: RunOptions,
    ) -> Result<Run, GpuError> {
        Run::build(gpu, kernels, image, options, None)
    }

    /// A bins buffer for `spec`, for a run to count into (`into_bins`) and for
    /// something else to count into first, such as a frame pass that counts as it
    /// converts.
    pub fn bins_buffer(gpu: &Gpu, spec: Spec) -> Owned<wgpu::Buffer> {
        gpu.device
            .create_buffer(&wgpu::BufferDescriptor {
                label: Some("bins"),
                size: spec.len() as u64 * 4,
                usage: wgpu::BufferUsages::STORAGE
                    | wgpu::BufferUsages::COPY_SRC
                    | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
            .into()
    }

    /// A run that counts into `bins` (from `bins_buffer`).
    pub fn into_bins(
        gpu: &Gpu,
        kernels: &mut Kernels,
        image: &GpuImage,
        options: RunOptions,
        bins: Owned<wgpu::Buffer>,
    ) -> Result<Run, GpuError> {
        Run::build(gpu, kernels, image, options, Some(bins))
    }

    fn build(
        gpu: &Gpu,
        kernels: &mut Kernels,
        image: &GpuImage,
        options: RunOptions,
        bins: Option<Owned<wgpu::Buffer>>,
    ) -> Result<Run, GpuError> {
        let RunOptions {
            method,
            spec,
            chunk,
            limits,
            region,
        } = options;
        let limits = limits.unwrap_or_else(|| Limits::of(gpu));
        check_fits(gpu, method, spec, chunk)?;
        image.check_region(region)?;
        if image.input() != method.input() {
            return Err(GpuError(format!(
                "{} reads the image as {:?}, but it was uploaded as {:?}",
                method.name(),
                method.input(),
                image.input()
            )));
        }
        let device = &gpu.device;
        let bins_bytes = spec.len() as u64 * 4;
        let bins = bins.unwrap_or_else(|| Run::bins_buffer(gpu, spec));
        let readback = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("readback"),
            size: bins_bytes + 16 * MAX_TIMED_PASSES as u64,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });

        let fit = Fit {
            spec,
            chunk,
            limits,
        };
        let step = method.step();
        let (bands, max_band) = bands(image, region, |tile| step.band(fit, tile));
        // A run over one texture in one band whose step can regrid can move its
        // region later.
        let size = [image.width, image.height];
        let movable = step
            .regrid()
            .filter(|_| {
                image.tiles.len() == 1 && image.reshaped.is_none() && {
                    let band = step.band(fit, size);
                    band.0 >= size[0] && band.1 >= size[1]
                }
            })
            .map(|regrid| (regrid, size, limits.max_workgroups));

        let plan = Plan::of(fit, &bands, |plan, band| step.dispatch(plan, fit, band));
        let passes = plan.passes(method.name());
        let queries = Queries::for_passes(gpu, passes.len() as u32);
        let align = device.limits().min_uniform_buffer_offset_alignment.max(16) as usize;
        let mut bytes = vec![0u8; plan.slots.len().max(1) * align];
        for (i, slot) in plan.slots.iter().enumerate() {
            for (k, v) in slot.iter().enumerate() {
                bytes[i * align + k * 4..][..4].copy_from_slice(&v.to_le_bytes());
            }
        }
        let uniforms = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("uniforms"),
            contents: &bytes,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        });
        let binds_chunks = method
            .kernels()
            .iter()
            .any(|k| k.binds.contains(&Bind::Chunks));
        let chunks = binds_chunks.then(|| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("chunks"),
                size: plan.max_chunks * bins_bytes,
                usage: wgpu::BufferUsages::STORAGE,
                mapped_at_creation: false,
            })
        });

        // Each dispatch's grid and its workgroups' invocations, for the pages to say.
        let grids: Vec<([u32; 3], u32)> = plan
            .dispatches
            .iter()
            .map(|d| (d.workgroups, d.kernel.workgroup.invocations(chunk, limits)))
            .collect();
        let invocations = grids
            .iter()
            .map(|(groups, size)| groups.iter().map(|&g| g as u64).product::<u64>() * *size as u64)
            .sum();
        let draws = method
            .kernels()
            .iter()
            .any(|k| k.workgroup == Workgroup::Draw);
        let dispatches = plan
            .dispatches
            .into_iter()
            .map(|d| {
                let kernel = d.kernel;
                let work = if kernel.workgroup == Workgroup::Draw {
                    Work::Draw {
                        pipeline: kernels.render_pipeline(gpu, kernel, spec, image.input()),
                        size: [d.workgroups[0], d.workgroups[1]],
                    }
                } else {
                    let shape = kernel.workgroup.shape(chunk, limits);
                    Work::Compute {
                        pipeline: kernels.pipeline_at(
                            gpu,
                            kernel,
                            spec,
                            shape,
                            (d.entry, Some(image.input())),
                        ),
                        workgroups: Cell::new(d.workgroups),
                    }
                };
                let mut entries: Vec<wgpu::BindGroupEntry> = kernel
                    .binds
                    .iter()
                    .enumerate()
                    .map(|(i, bind)| wgpu::BindGroupEntry {
                        binding: i as u32,
                        resource: match bind {
                            Bind::Bins => bins.as_entire_binding(),
                            Bind::Chunks | Bind::ChunksRead => chunks
                                .as_ref()
                                .expect("a step that binds chunks has a chunks buffer")
                                .as_entire_binding(),
                            Bind::Tile => {
                                let tile =
                                    d.tile.expect("a kernel that reads the picture has a tile");
                                match &image.tiles[tile].data {
                                    TileData::Texture { view, .. } => {
                                        wgpu::BindingResource::TextureView(view)
                                    }
                                    TileData::Pixels(buffer) => buffer.as_entire_binding(),
                                }
                            }
                            Bind::Uniform => wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                                buffer: &uniforms,
                                offset: (d.slot * align) as u64,
                                size: wgpu::BufferSize::new(16),
                            }),
                            Bind::Samples => image
                                .samples
                                .as_ref()
                                .expect("a deep run reads a deep image")
                                .as_entire_binding(),
                        },
                    })
                    .collect();
                if let Some(guard) = kernels.guard_of(kernel) {
                    entries.push(wgpu::BindGroupEntry {
                        binding: kernel.binds.len() as u32,
                        resource: guard.as_entire_binding(),
                    });
                }
                let layout = match &work {
                    Work::Compute { pipeline, .. } => pipeline.get_bind_group_layout(0),
                    Work::Draw { pipeline, .. } => pipeline.get_bind_group_layout(0),
                };
                let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some(kernel.name),
                    layout: &layout,
                    entries: &entries,
                });
                Dispatch { work, bind_group }
            })
            .collect();
        let target = draws.then(|| {
            let texture = gpu.texture(
                "unused target",
                (max_band.0.max(1), max_band.1.max(1)),
                super::kernels::UNUSED_TARGET,
                wgpu::TextureUsages::RENDER_ATTACHMENT,
            );
            let view = texture.create_view(&Default::default());
            (texture, view)
        });

        let notes = notes(image, limits, bands.len(), max_band);
        Ok(Run {
            method,
            spec,
            dispatches,
            bins,
            readback: readback.into(),
            reading: Cell::new(false),
            timed: Cell::new(true),
            uniforms: uniforms.into(),
            movable,
            _chunks: chunks.map(Owned::from),
            target,
            queries,
            pass_times: Default::default(),
            passes,
            grids,
            bands: bands.len(),
            invocations: Cell::new(invocations),
            notes,
        })
    }

    /// Counts `region` from now on, in a run made over one texture in one band with
    /// the privatized method (a live region): its band's uniform and its grid are
    /// rewritten, nothing is made anew.
    pub fn set_region(&self, queue: &wgpu::Queue, region: Region) -> Result<(), GpuError> {
        let Some((regrid, [width, height], max_workgroups)) = self.movable else {
            return Err(GpuError(
                "this run cannot move its region: make it anew with the region".into(),
            ));
        };
        region.within(width, height).map_err(GpuError)?;
        let values = [region.x, region.y, region.width, region.height];
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        queue.write_buffer(&self.uniforms, 0, &bytes);
        let size = [region.width, region.height];
        let grid = regrid(self.spec, size, max_workgroups);
        if let Work::Compute { workgroups, .. } = &self.dispatches[0].work {
            workgroups.set(grid);
        }
        let invocations = self.grids[0].1 as u64;
        self.invocations
            .set(grid.iter().map(|&g| g as u64).product::<u64>() * invocations);
        Ok(())
    }

    /// How many bands the image is processed in.
    pub fn bands(&self) -> usize {
        self.bands
    }

    /// How many invocations the run's dispatches launch, all together: the work a
    /// run asks of the GPU, which should follow the pixel count, not the shape.
    pub fn invocations(&self) -> u64 {
        self.invocations.get()
    }

    /// What was done to fit the device, in sentences for the page.
    pub fn notes(&self) -> &[crate::words::Words] {
        &self.notes
    }

    pub fn spec(&self) -> Spec {
        self.spec
    }

    pub fn method(&self) -> Method {
        self.method
    }

    /// Whether the readback buffer is free for another `encode_readback`.
    pub fn can_read(&self) -> bool {
        !self.reading.get()
    }

    /// The bins buffer the methods write (`Spec::len` u32s, interleaved).
    pub fn bins(&self) -> &wgpu::Buffer {
        &self.bins
    }

    /// Reads what `encode_readback` copied, once its submission is done: the
    /// histogram and, when timestamps are on, the GPU time of its passes together
    /// (each pass's is kept: `pass_times`).
    pub async fn read(&self, gpu: &Gpu) -> Result<(Histogram, Option<f64>), GpuError> {
        let bytes = gpu.read_buffer(&self.readback).await;
        self.reading.set(false);
        let bytes = bytes?;
        let word = |i: usize| u32::from_le_bytes(bytes[i * 4..i * 4 + 4].try_into().unwrap());
        let counts = (0..self.spec.len()).map(word).collect();
        let at = self.bins.size() as usize;
        let period = gpu.queue.get_timestamp_period();
        if !self.timed.get() {
            return Ok((Histogram::from_counts(self.spec, counts), None));
        }
        let times: Vec<Option<f64>> = match &self.queries {
            Some(_) => (0..self.passes.len())
                .map(|p| pass_ms(period, &bytes[at + 16 * p..at + 16 * p + 16]))
                .collect(),
            None => Vec::new(),
        };
        let gpu_ms = self
            .queries
            .as_ref()
            .map(|_| times.iter().map(|t| t.unwrap_or(0.0)).sum::<f64>())
            .filter(|_| times.iter().any(Option::is_some));
        *self.pass_times.borrow_mut() = times;
        Ok((Histogram::from_counts(self.spec, counts), gpu_ms))
    }

    /// Each pass's dispatches: its name, the first dispatch's grid, how many
    /// dispatches (a band each), all their workgroups, and invocations a workgroup.
    /// (A fragment pass's "grid" is its band's size in pixels, a fragment each.)
    pub fn dispatches(&self) -> Vec<Dispatched> {
        self.passes
            .iter()
            .map(|(name, range)| {
                let grids = &self.grids[range.clone()];
                Dispatched {
                    pass: name.clone(),
                    grid: grids[0].0,
                    dispatches: grids.len(),
                    workgroups: grids
                        .iter()
                        .map(|(g, _)| g.iter().map(|&n| n as u64).product::<u64>())
                        .sum(),
                    invocations: grids[0].1,
                }
            })
            .collect()
    }

    /// Each pass of the last `read` by name, with its GPU milliseconds (None where
    /// the device has no timestamps or the pass was shorter than their resolution).
    pub fn pass_times(&self) -> Vec<(String, Option<f64>)> {
        let times = self.pass_times.borrow();
        self.passes
            .iter()
            .enumerate()
            .map(|(p, (name, _))| (name.clone(), times.get(p).copied().flatten()))
            .collect()
    }

    /// Runs once and reads the histogram and its timing back.
    pub async fn execute(&self, gpu: &Gpu) -> Result<(Histogram, Timing), GpuError> {
        let start = now_ms();
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        self.encode(&mut encoder);
        self.encode_readback(&mut encoder);
        gpu.scoped(|| gpu.queue.submit([encoder.finish()])).await?;
        let (histogram, gpu_ms) = self.read(gpu).await?;
        let wall_ms = now_ms() - start;
        Ok((histogram, Timing { gpu_ms, wall_ms }))
    }
}

/// A pass's dispatches, as `Run::dispatches` gives them.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Dispatched {
    pub pass: String,
    pub grid: [u32; 3],
    pub dispatches: usize,
    pub workgroups: u64,
    pub invocations: u32,
}
