//! Scopes on the GPU (src/scope/ defines them): the waveform and vectorscope
//! kernels over an image's textures, ready to run again and again (a video's
//! frames); scope_painter.rs draws their counts without reading them back.

use super::device::{Gpu, GpuError};
use super::gpu_image::GpuImage;
use super::kernels::{ChunkShape, Kernel, Kernels};
use super::owned::Owned;
use super::timing::{keep_busy, pass_ms, Queries, Timing};
use crate::histogram::{Channels, Spec};
use crate::image::Region;
use crate::scope::{self, Counted, Counts, Matrix, Scope, Vectorscope, Waveform, LEVELS};
use wgpu::util::DeviceExt;

/// The most rows one waveform dispatch counts: two 16-bit counts share a word of
/// its workgroup memory (src/scope/waveform/waveform.wgsl).
const WAVEFORM_ROWS: u32 = 65535;
/// Columns one waveform workgroup owns.
const WAVEFORM_COLUMNS: u32 = 4;
/// Bytes of one dispatch's uniforms (`ScopeBand`, `Band`).
const BAND_BYTES: u64 = 32;
/// Pixels one vectorscope workgroup counts (src/scope/vectorscope/vectorscope.wgsl, `blockSize`).
const VECTORSCOPE_BLOCK: [u32; 2] = [64, 128];
/// Columns (invocations) of one workgroup of the `csColumn` kernels.
const COLUMN_GROUP: u32 = 64;

/// How a scope's kernel shares out the pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScopeKernel {
    /// Workgroups count in workgroup memory (`cs`): for GPUs.
    Workgroups,
    /// An invocation walks a column with no workgroup memory and no barrier
    /// (`csColumn`): for GPUs a CPU emulates, where that is 20x faster.
    Columns,
}

impl ScopeKernel {
    /// The faster one on this GPU.
    pub fn for_gpu(gpu: &Gpu) -> ScopeKernel {
        if gpu.is_cpu() {
            ScopeKernel::Columns
        } else {
            ScopeKernel::Workgroups
        }
    }

    fn entry(self) -> &'static str {
        match self {
            ScopeKernel::Workgroups => "cs",
            ScopeKernel::Columns => "csColumn",
        }
    }
}

impl Scope {
    /// The kernel that counts this scope, and the constants it is compiled with:
    /// the waveform's 256 levels of R, G, B and luminance, or the vectorscope's
    /// grid side as numBins.
    fn kernel(self) -> (Kernel, Spec) {
        let counted = self.kind().counted();
        let spec = match counted {
            Counted::Columns => Spec::rgbl(),
            Counted::Chroma => Spec::new(self.size(), Channels::Luminance).expect("a checked size"),
        };
        (counted.kernel(), spec)
    }

    /// Bytes of its counts over `width` columns: a waveform's 4 x 256 counts a
    /// column (two bytes each where `packed`), or the grid's cells.
    fn count_bytes(self, width: u32, packed: bool) -> u64 {
        match self.kind().counted() {
            Counted::Chroma => self.size() as u64 * self.size() as u64 * 4,
            Counted::Columns => width as u64 * LEVELS as u64 * 4 * if packed { 2 } else { 4 },
        }
    }
}

/// One scope over one image (or a region of it), ready to run.
pub struct ScopeCount {
    scope: Scope,
    kernel: ScopeKernel,
    /// The waveform's counts are two 16-bit counts a word: the region was counted
    /// in one band (src/scope/waveform/waveform.wgsl, `packed`).
    packed: bool,
    /// The waveform's luminance is the Y′ byte a YUV frame keeps in alpha
    /// (src/scope/waveform/waveform.wgsl, `decodedLuma`).
    decoded_luma: bool,
    /// The vectorscope's chroma is read by this matrix (its `Band.matrix`).
    matrix: Matrix,
    pipeline: wgpu::ComputePipeline,
    region: Region,
    dispatches: Vec<(wgpu::BindGroup, [u32; 3])>,
    uniforms: Owned<wgpu::Buffer>,
    result: Owned<wgpu::Buffer>,
    queries: Option<Queries>,
}

impl ScopeCount {
    /// Prepares `scope` over `image` (textures in its own layout: `upload_as_is`,
    /// or a video frame), all of it or `region`, with this GPU's kernel. The
    /// count binds the image's textures: keep the image while it is used.
    pub fn new(
        gpu: &Gpu,
        kernels: &mut Kernels,
        image: &GpuImage,
        scope: Scope,
        region: Option<Region>,
    ) -> Result<ScopeCount, GpuError> {
        let kernel = ScopeKernel::for_gpu(gpu);
        ScopeCount::with_kernel(gpu, kernels, image, scope, region, kernel)
    }

    /// `new` with the kernel named (the tests count with both).
    pub fn with_kernel(
        gpu: &Gpu,
        kernels: &mut Kernels,
        image: &GpuImage,
        scope: Scope,
        region: Option<Region>,
        scope_kernel: ScopeKernel,
    ) -> Result<ScopeCount, GpuError> {
        let scope = scope.check().map_err(GpuError)?;
        let (width, height) = image.size();
        // The result holds the widest region: the whole image.
        let bytes = scope.count_bytes(width, false);
        let limit = gpu.limits().max_storage_buffer_binding_size;
        if bytes > limit {
            return Err(GpuError(format!(
                "a waveform of {width} columns needs {} MB of counts; this GPU binds at most {} MB",
                bytes >> 20,
                limit >> 20
            )));
        }
        let buffer = |label, size, usage| -> Owned<wgpu::Buffer> {
            gpu.device
                .create_buffer(&wgpu::BufferDescriptor {
                    label: Some(label),
                    size,
                    usage,
                    mapped_at_creation: false,
                })
                .into()
        };
        use wgpu::BufferUsages as U;
        let (kernel, spec) = scope.kernel();
        let mut count = ScopeCount {
            scope,
            kernel: scope_kernel,
            packed: false,
            decoded_luma: false,
            matrix: Matrix::Bt709,
            pipeline: kernels.pipeline_at(
                gpu,
                kernel,
                spec,
                ChunkShape::default(),
                (scope_kernel.entry(), None),
            ),
            region: Region::whole(width, height),
            dispatches: Vec::new(),
            uniforms: buffer("scope bands", BAND_BYTES, U::UNIFORM | U::COPY_DST),
            result: buffer("scope", bytes, U::STORAGE | U::COPY_SRC | U::COPY_DST),
            queries: Queries::new(gpu),
        };
        count.set_region(gpu, image, region.unwrap_or(count.region))?;
        Ok(count)
    }

    /// Counts `region` of `image` (the same image) from now on.
    pub fn set_region(
        &mut self,
        gpu: &Gpu,
        image: &GpuImage,
        region: Region,
    ) -> Result<(), GpuError> {
        image.check_region(Some(region))?;
        let max_workgroups = gpu.limits().max_compute_workgroups_per_dimension;
        // Every dispatch: its tile, its uniforms, its workgroups.
        let mut plan: Vec<(usize, [u32; 8], [u32; 3])> = Vec::new();
        for part in image.parts(Some(region)) {
            let [w, h] = part.size;
            match self.scope.kind().counted() {
                Counted::Chroma => {
                    // A tile is one texture: its blocks fit in a dispatch.
                    let groups = match self.kernel {
                        ScopeKernel::Workgroups => [
                            w.div_ceil(VECTORSCOPE_BLOCK[0]),
                            h.div_ceil(VECTORSCOPE_BLOCK[1]),
                            1,
                        ],
                        ScopeKernel::Columns => [w.div_ceil(COLUMN_GROUP), 1, 1],
                    };
                    let matrix = (self.matrix == Matrix::Bt2020) as u32;
                    let band = [part.origin[0], part.origin[1], w, h, matrix, 0, 0, 0];
                    plan.push((part.tile, band, groups));
                }
                Counted::Columns => {
                    // Whole columns to a workgroup: as many as the dispatch allows.
                    let per_group = match self.kernel {
                        ScopeKernel::Workgroups => WAVEFORM_COLUMNS,
                        ScopeKernel::Columns => COLUMN_GROUP,
                    };
                    let columns = max_workgroups.saturating_mul(per_group);
                    for y in (0..h).step_by(WAVEFORM_ROWS as usize) {
                        for x in (0..w).step_by(columns as usize) {
                            let size = [columns.min(w - x), WAVEFORM_ROWS.min(h - y)];
                            let band = [
                                part.origin[0] + x,
                                part.origin[1] + y,
                                size[0],
                                size[1],
                                part.at[0] + x,
                                // Rows above were counted into these columns: add.
                                (part.at[1] + y > 0) as u32,
                                0,
                                0,
                            ];
                            let groups = size[0].div_ceil(per_group);
                            plan.push((part.tile, band, [groups, 1, 1]));
                        }
                    }
                }
            }
        }
        // One band over every column: its counts fit in 16 bits, and go out so,
        // half the bytes to write (a 4K frame's are 15.7 MB as 32-bit counts).
        let packed = self.scope.kind().counted() == Counted::Columns
            && plan.iter().all(|(_, band, _)| band[5] == 0);
        for (_, band, _) in &mut plan {
            band[6] = packed as u32;
            band[7] = self.decoded_luma as u32;
        }
        let align = gpu.limits().min_uniform_buffer_offset_alignment.max(16) as usize;
        let mut bytes = vec![0u8; plan.len() * align];
        for (i, (_, band, _)) in plan.iter().enumerate() {
            for (k, v) in band.iter().enumerate() {
                bytes[i * align + k * 4..][..4].copy_from_slice(&v.to_le_bytes());
            }
        }
        if bytes.len() as u64 > self.uniforms.size() {
            self.uniforms = gpu
                .device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("scope bands"),
                    contents: &bytes,
                    usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                })
                .into();
        } else {
            gpu.queue.write_buffer(&self.uniforms, 0, &bytes);
        }
        let layout = self.pipeline.get_bind_group_layout(0);
        self.dispatches = plan
            .iter()
            .enumerate()
            .map(|(i, &(tile, _, groups))| {
                let view = image.tile_view(tile).expect("a checked texture image");
                let group = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some(self.scope.name()),
                    layout: &layout,
                    entries: &[
                        wgpu::BindGroupEntry {
                            binding: 0,
                            resource: self.result.as_entire_binding(),
                        },
                        wgpu::BindGroupEntry {
                            binding: 1,
                            resource: wgpu::BindingResource::TextureView(view),
                        },
                        wgpu::BindGroupEntry {
                            binding: 2,
                            resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                                buffer: &self.uniforms,
                                offset: (i * align) as u64,
                                size: wgpu::BufferSize::new(BAND_BYTES),
                            }),
                        },
                    ],
                });
                (group, groups)
            })
            .collect();
        self.region = region;
        self.packed = packed;
        Ok(())
    }

    pub fn scope(&self) -> Scope {
        self.scope
    }

    /// Whether the waveform's luminance is counted from the Y′ byte in the
    /// texture's alpha: only a waveform's, over a frame converted from YUV.
    pub fn set_decoded_luma(&mut self, gpu: &Gpu, on: bool) {
        let on = on && self.scope.offers(scope::Control::DecodedLuma);
        if on == self.decoded_luma {
            return;
        }
        self.decoded_luma = on;
        let align = gpu.limits().min_uniform_buffer_offset_alignment.max(16) as u64;
        for i in 0..self.dispatches.len() as u64 {
            gpu.queue
                .write_buffer(&self.uniforms, i * align + 28, &(on as u32).to_le_bytes());
        }
    }

    pub fn decoded_luma(&self) -> bool {
        self.decoded_luma
    }

    /// Whether the vectorscope reads chroma by BT.709's matrix or BT.2020's
    /// (HDR codes).
    pub fn set_matrix(&mut self, gpu: &Gpu, matrix: Matrix) {
        if matrix == self.matrix || self.scope.kind().counted() != Counted::Chroma {
            return;
        }
        self.matrix = matrix;
        let align = gpu.limits().min_uniform_buffer_offset_alignment.max(16) as u64;
        let on = (matrix == Matrix::Bt2020) as u32;
        for i in 0..self.dispatches.len() as u64 {
            gpu.queue
                .write_buffer(&self.uniforms, i * align + 16, &on.to_le_bytes());
        }
    }

    pub fn matrix(&self) -> Matrix {
        self.matrix
    }

    /// Whether the waveform's counts are two 16-bit counts a word.
    pub(super) fn packed(&self) -> bool {
        self.packed
    }

    pub fn kernel(&self) -> ScopeKernel {
        self.kernel
    }

    pub fn region(&self) -> Region {
        self.region
    }

    /// The counts buffer the kernel writes (what `ScopePainter` draws).
    pub fn result(&self) -> &wgpu::Buffer {
        &self.result
    }

    /// Bytes of the counts for the current region.
    fn used_bytes(&self) -> u64 {
        self.scope.count_bytes(self.region.width, self.packed)
    }

    /// Records the count: one timed compute pass (the vectorscope's cells cleared
    /// first; the waveform's first band over each column stores, so needs none).
    pub fn encode(&self, encoder: &mut wgpu::CommandEncoder) {
        if self.scope.kind().counted() == Counted::Chroma {
            encoder.clear_buffer(&self.result, 0, None);
        }
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some(self.scope.name()),
            timestamp_writes: self.queries.as_ref().map(Queries::writes),
        });
        pass.set_pipeline(&self.pipeline);
        for (group, [x, y, z]) in &self.dispatches {
            pass.set_bind_group(0, group, &[]);
            pass.dispatch_workgroups(*x, *y, *z);
        }
    }

    /// Records the count and a copy of its counts and timestamps into a new
    /// buffer; once submitted, read the buffer and make counts of its bytes with
    /// the `Readout`.
    pub fn encode_read(
        &self,
        gpu: &Gpu,
        encoder: &mut wgpu::CommandEncoder,
    ) -> (Owned<wgpu::Buffer>, Readout) {
        self.encode(encoder);
        let used = self.used_bytes();
        let readback = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("scope readback"),
            size: used + 16,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        encoder.copy_buffer_to_buffer(&self.result, 0, &readback, 0, used);
        if let Some(q) = &self.queries {
            q.encode_copy(encoder, &readback, used);
        }
        let readout = Readout {
            scope: self.scope,
            region: self.region,
            used,
            packed: self.packed,
            decoded_luma: self.decoded_luma,
            matrix: self.matrix,
            timed: self.queries.is_some(),
        };
        (readback.into(), readout)
    }

    /// Counts back to back for `duration_ms` so the GPU is at its working clocks
    /// before timing (`Run::keep_busy`); `pass_ms` is one count's time.
    pub async fn keep_busy(
        &self,
        gpu: &Gpu,
        pass_ms: f64,
        duration_ms: f64,
    ) -> Result<(), GpuError> {
        keep_busy(gpu, pass_ms, duration_ms, |encoder| self.encode(encoder)).await
    }

    /// Counts once and reads the counts and the timing back.
    pub async fn execute(&self, gpu: &Gpu) -> Result<(Counts, Timing), GpuError> {
        let start = super::timing::now_ms();
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        let (readback, readout) = self.encode_read(gpu, &mut encoder);
        gpu.scoped(|| gpu.queue.submit([encoder.finish()])).await?;
        let bytes = gpu.read_buffer(&readback).await?;
        let (counts, gpu_ms) = readout.counts(&bytes, gpu.queue.get_timestamp_period());
        let wall_ms = super::timing::now_ms() - start;
        Ok((counts, Timing { gpu_ms, wall_ms }))
    }
}

/// What a count's read-back bytes hold (`ScopeCount::encode_read`).
#[derive(Clone, Copy, Debug)]
pub struct Readout {
    pub scope: Scope,
    pub region: Region,
    used: u64,
    packed: bool,
    decoded_luma: bool,
    matrix: Matrix,
    timed: bool,
}

impl Readout {
    /// The counts in `bytes`, and the pass's GPU time (`period`: the queue's
    /// nanoseconds per timestamp tick).
    pub fn counts(&self, bytes: &[u8], period: f32) -> (Counts, Option<f64>) {
        let used = self.used as usize;
        let counts: Vec<u32> = if self.packed {
            bytes[..used]
                .chunks_exact(2)
                .map(|h| u16::from_le_bytes(h.try_into().expect("two bytes")) as u32)
                .collect()
        } else {
            bytes[..used]
                .chunks_exact(4)
                .map(|w| u32::from_le_bytes(w.try_into().expect("four bytes")))
                .collect()
        };
        let gpu_ms = self
            .timed
            .then(|| pass_ms(period, &bytes[used..]))
            .flatten();
        let r = self.region;
        let counts = match self.scope.kind().counted() {
            Counted::Chroma => Counts::Vectorscope(Vectorscope {
                size: self.scope.size(),
                pixels: r.pixel_count(),
                counts,
                matrix: self.matrix,
            }),
            Counted::Columns => Counts::Waveform(Waveform {
                width: r.width,
                height: r.height,
                counts,
                decoded_luma: self.decoded_luma,
            }),
        };
        (counts, gpu_ms)
    }
}

/// The WGSL of a scope's kernel as compiled, for the pages.
pub fn scope_source(scope: Scope) -> String {
    let (kernel, spec) = scope.kernel();
    kernel.source(spec, ChunkShape::default())
}
