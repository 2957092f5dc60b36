//! Adjustments on the GPU: the tables of src/adjust.rs made by compute passes from
//! the histogram on the GPU, every frame, with nothing read back (adjust.wgsl, and
//! clahe.wgsl for CLAHE's tiles); the picture pass remaps through them
//! (picture.wgsl), and the adjusted picture's histogram is counted without drawing
//! it (adjusted.wgsl). A full-size adjusted picture is adjusted_picture.rs's.

use super::device::{compute_pipeline, Gpu, GpuError};
use super::kernels::{with_constants, ChunkShape};
use super::owned::Owned;
use super::run::Run;
use crate::adjust::Adjustment;
use crate::histogram::Spec;
use crate::image::Region;

const REMAP: &str = include_str!("../../shaders/adjust/remap.wgsl");

/// The WGSL of the table passes and the remapping, as compiled (for the pages).
pub fn adjust_source(adjustment: Adjustment) -> String {
    let spec = Spec::rgbl();
    let tables = match adjustment {
        Adjustment::Clahe { .. } => include_str!("../../shaders/adjust/clahe.wgsl"),
        _ => include_str!("../../shaders/adjust/adjust.wgsl"),
    };
    format!(
        "{}\n// ---- remap.wgsl ----\n{REMAP}",
        with_constants(spec, ChunkShape::default(), tables)
    )
}

/// One compute dispatch, made once.
struct Pass {
    pipeline: wgpu::ComputePipeline,
    bind_group: wgpu::BindGroup,
    groups: [u32; 3],
}

impl Pass {
    fn encode(&self, pass: &mut wgpu::ComputePass<'_>) {
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.dispatch_workgroups(self.groups[0], self.groups[1], self.groups[2]);
    }
}

/// An adjustment of one picture: its tables, made from the picture's histogram.
pub struct Adjuster {
    adjustment: Adjustment,
    size: (u32, u32),
    tables: Owned<wgpu::Buffer>,
    _uniforms: Owned<wgpu::Buffer>,
    tile_bins: Option<Owned<wgpu::Buffer>>,
    passes: Vec<Pass>,
}

/// The histogram of the adjusted picture (256 bins of R, G, B, luminance),
/// counted without drawing it (adjusted.wgsl), to draw beside the picture's
/// own.
pub struct AdjustedCount {
    bins: Owned<wgpu::Buffer>,
    /// The picture's size and grid, then the rectangle counted.
    info: Owned<wgpu::Buffer>,
    pass: Pass,
}

impl AdjustedCount {
    pub fn bins(&self) -> &wgpu::Buffer {
        &self.bins
    }

    /// Counts only `region` of the adjusted picture from now on (the whole of it at
    /// first).
    pub fn set_region(&self, queue: &wgpu::Queue, region: Region) {
        let words: Vec<u8> = [region.x, region.y, region.width, region.height]
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect();
        queue.write_buffer(&self.info, 16, &words);
    }

    /// Records the count; after the adjuster's `encode`, which makes the tables.
    pub fn encode(&self, encoder: &mut wgpu::CommandEncoder) {
        encoder.clear_buffer(&self.bins, 0, None);
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("adjusted histogram"),
            timestamp_writes: None,
        });
        self.pass.encode(&mut pass);
    }
}

impl Adjuster {
    /// For `picture` (`size` pixels, an rgba8unorm texture) whose histogram (256
    /// bins of R, G, B and luminance) is in `bins`, counted before `encode`.
    pub fn new(
        gpu: &Gpu,
        adjustment: Adjustment,
        picture: &wgpu::TextureView,
        size: (u32, u32),
        bins: &wgpu::Buffer,
    ) -> Result<Adjuster, GpuError> {
        let adjustment = adjustment.check().map_err(GpuError)?;
        let device = &gpu.device;
        let spec = Spec::rgbl();
        let tiles = match adjustment {
            Adjustment::Clahe { tiles, .. } => tiles,
            _ => (1, 1),
        };
        let entries = match adjustment {
            Adjustment::Clahe { .. } => tiles.0 as u64 * tiles.1 as u64 * 256,
            _ => 3 * 256,
        };
        let tables = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("adjustment tables"),
            size: entries * 4,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        // adjust.wgsl's Params, or clahe.wgsl's Clahe; 32 bytes hold either.
        let mut words = [0u32; 8];
        match adjustment {
            Adjustment::AutoLevels { low, high, linked } => {
                words[..3].copy_from_slice(&[
                    (low * 100.0).round() as u32,
                    (high * 100.0).round() as u32,
                    linked as u32,
                ]);
            }
            Adjustment::Clahe { clip, .. } => {
                let milli = (clip * 1000.0).round() as u32;
                let (tw, th) = crate::adjust::clahe_tile_size(size, tiles);
                words.copy_from_slice(&[size.0, size.1, tiles.0, tiles.1, milli, 0, tw, th]);
            }
            _ => {}
        }
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("adjustment"),
            size: 32,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        gpu.queue.write_buffer(&uniforms, 0, &bytes);
        let code = adjustment.code() as f64;
        let pipeline = |wgsl: &str, entry: &str, constants: &[(&str, f64)]| {
            let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(entry),
                source: wgpu::ShaderSource::Wgsl(
                    with_constants(spec, ChunkShape::default(), wgsl).into(),
                ),
            });
            compute_pipeline(device, entry, (&module, entry), constants, None)
        };
        // Bindings by number: an entry point's own layout has only those it uses.
        let group = |pipeline: &wgpu::ComputePipeline,
                     resources: &[(u32, wgpu::BindingResource)]| {
            let entries: Vec<wgpu::BindGroupEntry> = resources
                .iter()
                .map(|(binding, r)| wgpu::BindGroupEntry {
                    binding: *binding,
                    resource: r.clone(),
                })
                .collect();
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout: &pipeline.get_bind_group_layout(0),
                entries: &entries,
            })
        };
        let mut passes = Vec::new();
        let mut tile_bins = None;
        match adjustment {
            Adjustment::Clahe { .. } => {
                let wgsl = include_str!("../../shaders/adjust/clahe.wgsl");
                let bins_of_tiles = device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("tile bins"),
                    size: entries * 4,
                    usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                let picture_binding = (0, wgpu::BindingResource::TextureView(picture));
                let tile_binding = (1, bins_of_tiles.as_entire_binding());
                let tables_binding = (2, tables.as_entire_binding());
                let clahe_binding = (3, uniforms.as_entire_binding());
                let count = pipeline(wgsl, "countTiles", &[]);
                let tile_count = tiles.0 * tiles.1;
                // Enough workgroups per tile for about 32 pixels an invocation.
                let (tw, th) = crate::adjust::clahe_tile_size(size, tiles);
                let per_tile = (tw as u64 * th as u64).div_ceil(256 * 32).clamp(1, 256) as u32;
                passes.push(Pass {
                    bind_group: group(
                        &count,
                        &[picture_binding, tile_binding.clone(), clahe_binding.clone()],
                    ),
                    pipeline: count,
                    groups: [per_tile, tile_count, 1],
                });
                let make = pipeline(wgsl, "tileTables", &[]);
                passes.push(Pass {
                    bind_group: group(&make, &[tile_binding, tables_binding, clahe_binding]),
                    pipeline: make,
                    groups: [tile_count, 1, 1],
                });
                tile_bins = Some(bins_of_tiles.into());
            }
            _ => {
                let make = pipeline(
                    include_str!("../../shaders/adjust/adjust.wgsl"),
                    "cs",
                    &[("adjustment", code)],
                );
                passes.push(Pass {
                    bind_group: group(
                        &make,
                        &[
                            (0, bins.as_entire_binding()),
                            (1, tables.as_entire_binding()),
                            (2, uniforms.as_entire_binding()),
                        ],
                    ),
                    pipeline: make,
                    groups: [1, 1, 1],
                });
            }
        }
        Ok(Adjuster {
            adjustment,
            size,
            tables: tables.into(),
            _uniforms: uniforms.into(),
            tile_bins,
            passes,
        })
    }

    /// The picture's size and CLAHE's grid, as remap.wgsl's users read them
    /// (`Picture` in adjusted.wgsl and remapped.wgsl).
    /// The picture's size and grid, then a pass's own `more` words.
    pub(super) fn picture_uniform(&self, gpu: &Gpu, more: &[u32]) -> Owned<wgpu::Buffer> {
        let ((width, height), (tiles_x, tiles_y)) = (self.size, self.tiles());
        let fields: Vec<u32> = [width, height, tiles_x, tiles_y]
            .into_iter()
            .chain(more.iter().copied())
            .collect();
        let info = Owned::from(gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("picture and tiles"),
            size: 4 * fields.len() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        }));
        let words: Vec<u8> = fields.iter().flat_map(|w| w.to_le_bytes()).collect();
        gpu.queue.write_buffer(&info, 0, &words);
        info
    }

    /// The count of the adjusted picture's histogram, for `picture` (the one the
    /// adjuster was made for). Its pipeline (a 1024-bin private array) is slow to
    /// compile on some drivers, so only what shows the histogram makes it.
    pub fn count_adjusted(&self, gpu: &Gpu, picture: &wgpu::TextureView) -> AdjustedCount {
        let device = &gpu.device;
        let (width, height) = self.size;
        let bins = Run::bins_buffer(gpu, Spec::rgbl());
        // Counted: the whole picture, until `set_region`.
        let info = self.picture_uniform(gpu, &[0, 0, width, height]);
        let pipeline = remap_pipeline(
            gpu,
            "adjusted histogram",
            include_str!("../../shaders/adjust/adjusted.wgsl"),
            self.adjustment,
        );
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("adjusted histogram"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: bins.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::TextureView(picture),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: self.tables.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 3,
                    resource: info.as_entire_binding(),
                },
            ],
        });
        AdjustedCount {
            bins,
            info,
            pass: Pass {
                pipeline,
                bind_group,
                groups: [super::yuv::counting_groups(width, height), 1, 1],
            },
        }
    }

    pub fn adjustment(&self) -> Adjustment {
        self.adjustment
    }

    /// The tables picture.wgsl remaps through.
    pub fn tables(&self) -> &wgpu::Buffer {
        &self.tables
    }

    /// CLAHE's grid (1 x 1 for the others).
    pub fn tiles(&self) -> (u32, u32) {
        match self.adjustment {
            Adjustment::Clahe { tiles, .. } => tiles,
            _ => (1, 1),
        }
    }

    /// Records the table passes, after the picture's histogram was counted.
    pub fn encode(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        timestamps: Option<wgpu::ComputePassTimestampWrites>,
    ) {
        if let Some(bins) = &self.tile_bins {
            encoder.clear_buffer(bins, 0, None);
        }
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("adjustment"),
            timestamp_writes: timestamps,
        });
        for p in &self.passes {
            p.encode(&mut pass);
        }
    }
}

/// A compute pipeline of `wgsl` with remap.wgsl in front of it, for `adjustment`.
pub(super) fn remap_pipeline(
    gpu: &Gpu,
    label: &str,
    wgsl: &str,
    adjustment: Adjustment,
) -> wgpu::ComputePipeline {
    let module = gpu
        .device
        .create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some(label),
            source: wgpu::ShaderSource::Wgsl(
                with_constants(
                    Spec::rgbl(),
                    ChunkShape::default(),
                    &format!("{REMAP}\n{wgsl}"),
                )
                .into(),
            ),
        });
    let constants = [("adjustment", adjustment.code() as f64)];
    compute_pipeline(&gpu.device, label, (&module, "cs"), &constants, None)
}
