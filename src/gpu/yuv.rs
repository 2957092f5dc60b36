//! Video frames as decoders deliver them (YUV planes or RGBA bytes) turned into an
//! rgba8unorm texture on the GPU, so the histogram methods and the drawing read a
//! video frame like any image.

use super::device::{compute_pipeline, Gpu, GpuError};
use super::kernels::{with_constants, ChunkShape};
use super::owned::Owned;
use crate::histogram::Spec;
use crate::image::Region;
use glam::{Mat4, Vec4};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// The most bytes a pixel of a frame takes in any layout handled: 4:4:4 of two-byte
/// samples (RGBA's take 4): what a frame's buffer is sized for.
pub const MOST_BYTES_PER_PIXEL: u64 = 6;

/// How a frame's bytes are laid out (WebCodecs' VideoPixelFormat, the ones handled).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PixelLayout {
    /// A Y plane, then one plane of interleaved U and V at half resolution.
    Nv12,
    /// Y, U and V planes, chroma at half resolution (I420A's alpha plane is ignored).
    I420,
    /// The same with chroma rows whole and columns halved (4:2:2), or whole (4:4:4):
    /// VP9 profile 1's and AV1's 8-bit frames.
    I422,
    I444,
    /// I420 of 10-bit samples, each in two bytes (little-endian): HDR video's.
    I420P10,
    /// The same at 4:2:2 (chroma rows whole, columns halved) and 4:4:4.
    I422P10,
    I444P10,
    Rgba,
    Bgra,
}

impl PixelLayout {
    /// From a WebCodecs format name ("NV12", "I420", "RGBX", ...).
    pub fn parse(format: &str) -> Option<PixelLayout> {
        match format {
            "NV12" => Some(PixelLayout::Nv12),
            "I420" | "I420A" => Some(PixelLayout::I420),
            "I422" | "I422A" => Some(PixelLayout::I422),
            "I444" | "I444A" => Some(PixelLayout::I444),
            "I420P10" => Some(PixelLayout::I420P10),
            "I422P10" => Some(PixelLayout::I422P10),
            "I444P10" => Some(PixelLayout::I444P10),
            "RGBA" | "RGBX" => Some(PixelLayout::Rgba),
            "BGRA" | "BGRX" => Some(PixelLayout::Bgra),
            _ => None,
        }
    }

    /// Whether frames in this layout carry Y′ planes: the frame pass keeps each
    /// pixel's Y′ byte in the texture's alpha (shaders/frames/yuv.wgsl).
    pub fn is_yuv(self) -> bool {
        !matches!(self, PixelLayout::Rgba | PixelLayout::Bgra)
    }

    /// Whether its samples are 10-bit, two bytes each.
    pub fn is_ten_bit(self) -> bool {
        matches!(
            self,
            PixelLayout::I420P10 | PixelLayout::I422P10 | PixelLayout::I444P10
        )
    }

    /// Whether its chroma planes halve the rows, and the columns.
    fn chroma_halved(self) -> (bool, bool) {
        match self {
            PixelLayout::I422 | PixelLayout::I422P10 => (false, true),
            PixelLayout::I444 | PixelLayout::I444P10 => (false, false),
            _ => (true, true),
        }
    }

    /// The map from its samples to 8-bit codes, which `colour_matrix` reads: a
    /// 10-bit sample's limited-range code is a quarter of it (BT.2100 scales
    /// 16..235 by 4); at full range Y′ is 255/1023 of it, and chroma about 512
    /// is chroma about 128.
    pub fn to_codes(self, full_range: bool) -> Mat4 {
        if !self.is_ten_bit() {
            return Mat4::IDENTITY;
        }
        let scale = if full_range { 255.0 / 1023.0 } else { 0.25 };
        let chroma = 128.0 - 512.0 * scale;
        Mat4::from_cols(
            Vec4::X * scale,
            Vec4::Y * scale,
            Vec4::Z * scale,
            Vec4::new(0.0, chroma, chroma, 1.0),
        )
    }

    fn code(self) -> u32 {
        match self {
            PixelLayout::Nv12 => 0,
            PixelLayout::I420 | PixelLayout::I422 | PixelLayout::I444 => 1,
            PixelLayout::Rgba => 2,
            PixelLayout::Bgra => 3,
            PixelLayout::I420P10 | PixelLayout::I422P10 | PixelLayout::I444P10 => 4,
        }
    }
}

/// Where a frame's planes are in its bytes, and how to turn them into RGB.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameFormat {
    pub layout: PixelLayout,
    /// Byte offset and bytes per row of each plane (unused planes: 0).
    pub offsets: [u32; 3],
    pub strides: [u32; 3],
    /// The YUV to RGB matrix and range (ignored for RGB layouts).
    pub to_rgb: Mat4,
}

impl FrameFormat {
    /// Whether every plane the layout reads starts, and every row of it, at a
    /// multiple of 4 bytes (the frame pass then reads words without shifting).
    pub fn aligned(&self) -> bool {
        let planes = match self.layout {
            PixelLayout::Nv12 => 2,
            PixelLayout::I420
            | PixelLayout::I422
            | PixelLayout::I444
            | PixelLayout::I420P10
            | PixelLayout::I422P10
            | PixelLayout::I444P10 => 3,
            PixelLayout::Rgba | PixelLayout::Bgra => 1,
        };
        (0..planes).all(|i| self.offsets[i].is_multiple_of(4) && self.strides[i].is_multiple_of(4))
    }
}

/// The affine map from (Y, U, V, 1) byte values to R'G'B' in 0..1 for a colour
/// matrix with luma weights `kr`, `kb`; limited ("TV", 16..235) or full range;
/// and to Y / 255 in w (the frame pass keeps Y′ as decoded in alpha).
pub fn yuv_to_rgb(kr: f32, kb: f32, full_range: bool) -> Mat4 {
    let kg = 1.0 - kr - kb;
    let (luma, luma_zero, chroma) = if full_range {
        (1.0 / 255.0, 0.0, 1.0 / 255.0)
    } else {
        (1.0 / 219.0, 16.0, 1.0 / 224.0)
    };
    let y = Vec4::new(luma, luma, luma, 1.0 / 255.0);
    let u = Vec4::new(0.0, -2.0 * kb * (1.0 - kb) / kg, 2.0 * (1.0 - kb), 0.0) * chroma;
    let v = Vec4::new(2.0 * (1.0 - kr), -2.0 * kr * (1.0 - kr) / kg, 0.0, 0.0) * chroma;
    let offset = Vec4::new(0.0, 0.0, 0.0, luma_zero / 255.0) - y * luma_zero - (u + v) * 128.0;
    Mat4::from_cols(y, u, v, offset)
}

/// The matrix for a WebCodecs VideoColorSpace.matrix name; `None` (unknown or
/// unset) picks BT.709 for HD frames and BT.601 below, as players do.
pub fn colour_matrix(name: Option<&str>, height: u32, full_range: bool) -> Mat4 {
    let (kr, kb) = match name {
        Some("bt709") => (0.2126, 0.0722),
        Some("bt470bg") | Some("smpte170m") => (0.299, 0.114),
        Some("bt2020-ncl") => (0.2627, 0.0593),
        _ if height >= 720 => (0.2126, 0.0722),
        _ => (0.299, 0.114),
    };
    yuv_to_rgb(kr, kb, full_range)
}

/// The WGSL of the frame pass (shaders/frames/yuv.wgsl) as compiled to count R, G, B and
/// luminance as `spec` says.
pub fn frame_pass_source(spec: Spec) -> String {
    with_constants(
        spec,
        ChunkShape::default(),
        include_str!("../../shaders/frames/yuv.wgsl"),
    )
}

/// Uploads frames' bytes and converts them into the frame texture, counting their
/// histogram (R, G, B, luminance x 256 bins) in the same pass when asked to.
pub struct FrameConverter {
    size: (u32, u32),
    data: Owned<wgpu::Buffer>,
    uniforms: Owned<wgpu::Buffer>,
    /// The run's bins, counted into (not owned here).
    bins: Option<wgpu::Buffer>,
    /// Bound where there are no bins to count into.
    _unused: Option<Owned<wgpu::Buffer>>,
    module: wgpu::ShaderModule,
    layout: wgpu::PipelineLayout,
    bind_group: wgpu::BindGroup,
    /// The rectangle counted.
    region: Cell<Region>,
    /// One pipeline per pixel layout and alignment, made when such a frame first comes.
    pipelines: RefCell<HashMap<(PixelLayout, bool), wgpu::ComputePipeline>>,
    /// The last uploaded frame's layout and whether its planes and rows are aligned.
    pixel_layout: Cell<(PixelLayout, bool)>,
}

/// Bytes of the frame pass's uniform block (`Frame` in shaders/frames/yuv.wgsl).
const UNIFORM_BYTES: u64 = 128;

/// Invocations of the frame pass's workgroup (shaders/frames/yuv.wgsl).
const WORKGROUP_SIZE: u32 = 16;
/// Pixels each invocation converts when it also counts: enough to amortise the
/// flush of its private histogram (1024 bins).
const PIXELS_PER_COUNTING_INVOCATION: u64 = 4096;

/// Workgroups (of `WORKGROUP_SIZE`, taking rows in turn) of a pass that counts a
/// `width` x `height` picture into private histograms: few invocations, each over
/// about `PIXELS_PER_COUNTING_INVOCATION` pixels (the frame pass, adjusted.wgsl).
pub(crate) fn counting_groups(width: u32, height: u32) -> u32 {
    (width as u64 * height as u64)
        .div_ceil(PIXELS_PER_COUNTING_INVOCATION)
        .div_ceil(WORKGROUP_SIZE as u64)
        .clamp(1, height.max(1) as u64) as u32
}

impl FrameConverter {
    /// For frames of `width` x `height` pixels of at most `max_bytes`, written into
    /// `frame` (rgba8unorm, with STORAGE_BINDING usage). With `counting` (a bins
    /// buffer and its spec, 4 channels), each frame's histogram is counted into it.
    pub fn new(
        gpu: &Gpu,
        frame: &wgpu::TextureView,
        width: u32,
        height: u32,
        max_bytes: u64,
        counting: Option<(&wgpu::Buffer, Spec)>,
    ) -> FrameConverter {
        let bins = counting.map(|(bins, _)| bins);
        let spec = counting.map_or(Spec::rgbl(), |(_, spec)| spec);
        let device = &gpu.device;
        // A spare word at the end: `word` in the shader may read one past the bytes.
        let data = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("frame bytes"),
            size: max_bytes.div_ceil(4) * 4 + 4,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("frame format"),
            size: UNIFORM_BYTES,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        // Without bins to count into, binding 3 still needs a buffer.
        let unused = bins.is_none().then(|| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("no bins"),
                size: 4,
                usage: wgpu::BufferUsages::STORAGE,
                mapped_at_creation: false,
            })
        });
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("yuv"),
            source: wgpu::ShaderSource::Wgsl(frame_pass_source(spec).into()),
        });
        let entry = |binding, ty| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty,
            count: None,
        };
        let storage = |read_only| wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset: false,
            min_binding_size: None,
        };
        let bind_group_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("yuv"),
            entries: &[
                entry(0, storage(true)),
                entry(
                    1,
                    wgpu::BindingType::StorageTexture {
                        access: wgpu::StorageTextureAccess::WriteOnly,
                        format: wgpu::TextureFormat::Rgba8Unorm,
                        view_dimension: wgpu::TextureViewDimension::D2,
                    },
                ),
                entry(
                    2,
                    wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Uniform,
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                ),
                entry(3, storage(false)),
            ],
        });
        let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("yuv"),
            bind_group_layouts: &[Some(&bind_group_layout)],
            immediate_size: 0,
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("yuv"),
            layout: &bind_group_layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: data.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::TextureView(frame),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: uniforms.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 3,
                    resource: bins
                        .or(unused.as_ref())
                        .expect("one of them")
                        .as_entire_binding(),
                },
            ],
        });
        FrameConverter {
            size: (width, height),
            data: data.into(),
            uniforms: uniforms.into(),
            bins: bins.cloned(),
            _unused: unused.map(Owned::from),
            module,
            layout,
            bind_group,
            region: Cell::new(Region::whole(width, height)),
            pipelines: RefCell::new(HashMap::new()),
            pixel_layout: Cell::new((PixelLayout::Nv12, true)),
        }
    }

    /// Whether `encode` counts the histogram too.
    pub fn counts(&self) -> bool {
        self.bins.is_some()
    }

    /// Counts only `region` of the frames from now on (uploads carry it).
    pub fn set_region(&self, region: Region) {
        self.region.set(region);
    }

    /// Queues a frame's bytes and their format for the next `encode`.
    pub fn upload(
        &self,
        queue: &wgpu::Queue,
        bytes: &[u8],
        format: &FrameFormat,
    ) -> Result<(), GpuError> {
        if bytes.len() as u64 + 4 > self.data.size() {
            return Err(GpuError(format!(
                "a frame of {} bytes does not fit the {} prepared for it",
                bytes.len(),
                self.data.size() - 4
            )));
        }
        // write_buffer needs a multiple of 4 bytes; the tail is padding.
        let whole = bytes.len() / 4 * 4;
        queue.write_buffer(&self.data, 0, &bytes[..whole]);
        if whole < bytes.len() {
            let mut tail = [0u8; 4];
            tail[..bytes.len() - whole].copy_from_slice(&bytes[whole..]);
            queue.write_buffer(&self.data, whole as u64, &tail);
        }
        let mut u = Vec::with_capacity(UNIFORM_BYTES as usize);
        for v in format.to_rgb.to_cols_array() {
            u.extend_from_slice(&v.to_le_bytes());
        }
        // size (vec2u) and padding, then two vec3u of 16 bytes each.
        for v in [self.size.0, self.size.1, 0, 0] {
            u.extend_from_slice(&v.to_le_bytes());
        }
        for plane in [format.offsets, format.strides] {
            for v in [plane[0], plane[1], plane[2], 0] {
                u.extend_from_slice(&v.to_le_bytes());
            }
        }
        let r = self.region.get();
        for v in [r.x, r.y, r.width, r.height] {
            u.extend_from_slice(&v.to_le_bytes());
        }
        queue.write_buffer(&self.uniforms, 0, &u);
        self.pixel_layout.set((format.layout, format.aligned()));
        Ok(())
    }

    /// Encodes the pass over the last uploaded frame (after clearing the bins when
    /// counting), with `timestamps` around it if given.
    pub fn encode(
        &self,
        gpu: &Gpu,
        encoder: &mut wgpu::CommandEncoder,
        timestamps: Option<wgpu::ComputePassTimestampWrites>,
    ) {
        let (layout, aligned) = self.pixel_layout.get();
        let pipeline = self
            .pipelines
            .borrow_mut()
            .entry((layout, aligned))
            .or_insert_with(|| {
                let (half_rows, half_columns) = layout.chroma_halved();
                let constants = [
                    ("pixelLayout", layout.code() as f64),
                    ("aligned", f64::from(u8::from(aligned))),
                    ("count", f64::from(u8::from(self.counts()))),
                    ("chromaHalfRows", f64::from(u8::from(half_rows))),
                    ("chromaHalfColumns", f64::from(u8::from(half_columns))),
                ];
                compute_pipeline(
                    &gpu.device,
                    "yuv",
                    (&self.module, "cs"),
                    &constants,
                    Some(&self.layout),
                )
            })
            .clone();
        if let Some(bins) = &self.bins {
            encoder.clear_buffer(bins, 0, None);
        }
        let (width, height) = self.size;
        // Counting: few invocations, each over many pixels. Converting only: a row
        // per workgroup.
        let groups = if self.counts() {
            counting_groups(width, height)
        } else {
            height
        };
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("yuv"),
            timestamp_writes: timestamps,
        });
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.dispatch_workgroups(groups.max(1), 1, 1);
    }
}
