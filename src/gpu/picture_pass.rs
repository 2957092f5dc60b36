//! The picture pass: a picture (a video frame or an image texture) fitted into the
//! target, through an adjustment's tables, the clipping warning, the display
//! table and the exposure overlay where its look asks (shaders/draw/picture.wgsl).

use super::bars::{bind_group, quad_pipeline_with, QUAD};
use super::device::Gpu;
use super::kernels::{with_constants, ChunkShape};
use super::owned::Owned;
use crate::histogram::Spec;
use crate::layout;
use crate::scope::{view_words, Overlay};
use glam::{Mat4, Vec3};

/// The WGSL of the picture pass (shaders/draw/quad.wgsl, remap.wgsl and picture.wgsl)
/// as compiled.
pub fn picture_source() -> String {
    let remap = include_str!("../../shaders/adjust/remap.wgsl");
    let picture = include_str!("../../shaders/draw/picture.wgsl");
    with_constants(
        Spec::rgbl(),
        ChunkShape::default(),
        &format!("{QUAD}\n{remap}\n{picture}"),
    )
}

/// What the picture pass adds: pipeline constants of picture.wgsl, so a look that
/// is off costs nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Look {
    /// Pixels with a channel at 255 red, else with one at 0 blue.
    pub clipping: bool,
    /// 0: none; 1 equalized luma, 2 levels per channel, 3 threshold, 4 CLAHE (the
    /// tables a compute pass made).
    pub adjustment: u32,
    /// Colours shown through the display table (`FramePainter::set_display`).
    pub managed: bool,
    /// The exposure overlay's code (`Overlay::code`; its level and bands are
    /// the view's, `FramePainter::set_overlay`).
    pub overlay: u32,
}

/// Draws the picture (a video frame or an image texture) into the target.
pub struct FramePainter {
    device: wgpu::Device,
    module: wgpu::ShaderModule,
    layout: wgpu::PipelineLayout,
    format: wgpu::TextureFormat,
    pipelines: std::cell::RefCell<std::collections::HashMap<Look, wgpu::RenderPipeline>>,
    look: std::cell::Cell<Look>,
    group_layout: wgpu::BindGroupLayout,
    bound: Bound,
    bind_group: wgpu::BindGroup,
    size: (u32, u32),
}

/// What the picture pass binds, in picture.wgsl's order.
struct Bound {
    picture: wgpu::TextureView,
    sampler: wgpu::Sampler,
    view: Owned<wgpu::Buffer>,
    /// Bound where no adjustment tables are given.
    no_tables: Owned<wgpu::Buffer>,
    tables: Option<wgpu::Buffer>,
    /// The display table (src/profile.rs), one texel where there is none.
    display: wgpu::TextureView,
    display_sampler: wgpu::Sampler,
}

impl Bound {
    fn group(&self, device: &wgpu::Device, layout: &wgpu::BindGroupLayout) -> wgpu::BindGroup {
        bind_group(
            device,
            layout,
            &[
                wgpu::BindingResource::TextureView(&self.picture),
                wgpu::BindingResource::Sampler(&self.sampler),
                self.view.as_entire_binding(),
                self.tables
                    .as_ref()
                    .unwrap_or(&self.no_tables)
                    .as_entire_binding(),
                wgpu::BindingResource::TextureView(&self.display),
                wgpu::BindingResource::Sampler(&self.display_sampler),
            ],
        )
    }
}

/// Bytes of picture.wgsl's `View`, and where its overlay's words start.
const VIEW_BYTES: u64 = 192;
const OVERLAY_AT: u64 = 84;

impl FramePainter {
    /// For `picture` (`size` pixels), drawn into targets of `format`.
    pub fn new(
        gpu: &Gpu,
        picture: &wgpu::TextureView,
        size: (u32, u32),
        format: wgpu::TextureFormat,
    ) -> FramePainter {
        let device = &gpu.device;
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("picture"),
            source: wgpu::ShaderSource::Wgsl(picture_source().into()),
        });
        let entry = |binding, ty| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::VERTEX_FRAGMENT,
            ty,
            count: None,
        };
        let texture = |binding, view_dimension| {
            entry(
                binding,
                wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Float { filterable: true },
                    view_dimension,
                    multisampled: false,
                },
            )
        };
        let sampler = |binding| {
            entry(
                binding,
                wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
            )
        };
        let buffer = |binding, ty| {
            entry(
                binding,
                wgpu::BindingType::Buffer {
                    ty,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
            )
        };
        let group_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("picture"),
            entries: &[
                texture(0, wgpu::TextureViewDimension::D2),
                sampler(1),
                buffer(2, wgpu::BufferBindingType::Uniform),
                buffer(3, wgpu::BufferBindingType::Storage { read_only: true }),
                texture(4, wgpu::TextureViewDimension::D3),
                sampler(5),
            ],
        });
        let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("picture"),
            bind_group_layouts: &[Some(&group_layout)],
            immediate_size: 0,
        });
        let sampler = picture_sampler(gpu);
        let view = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("view"),
            size: VIEW_BYTES,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        gpu.queue
            .write_buffer(&view, OVERLAY_AT, &overlay_bytes(Overlay::Off));
        let no_tables = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("no tables"),
            size: 4,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        });
        let display = display_table(gpu, 1, &[0; 4]);
        // The table between its levels: always linear (65 texels a side).
        let display_sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            ..Default::default()
        });
        let bound = Bound {
            picture: picture.clone(),
            sampler,
            view: view.into(),
            no_tables: no_tables.into(),
            tables: None,
            display,
            display_sampler,
        };
        FramePainter {
            device: device.clone(),
            module,
            layout,
            format,
            pipelines: Default::default(),
            look: Default::default(),
            bind_group: bound.group(device, &group_layout),
            group_layout,
            bound,
            size,
        }
    }

    /// The tables an adjustment remaps through (an `Adjuster`'s), or none.
    pub fn set_tables(&mut self, tables: Option<&wgpu::Buffer>) {
        self.bound.tables = tables.cloned();
        self.rebind();
    }

    /// The display table: `rgba` the browser's colours for every level
    /// `TABLE_SIDE` a side (src/profile.rs's layout), or none (stored values shown
    /// as they are). Drawing shows it where the look is `managed`.
    pub fn set_display(&mut self, gpu: &Gpu, rgba: Option<&[u8]>) {
        let side = crate::profile::TABLE_SIDE;
        self.bound.display = match rgba {
            Some(rgba) => display_table(gpu, side, rgba),
            None => display_table(gpu, 1, &[0; 4]),
        };
        self.rebind();
    }

    fn rebind(&mut self) {
        self.bind_group = self.bound.group(&self.device, &self.group_layout);
    }

    /// Fits the picture to a `target`-sized canvas; `tiles` is CLAHE's grid and
    /// `split` the fraction of the picture's width from which adjustments show.
    pub fn set_view(&self, queue: &wgpu::Queue, target: (u32, u32), tiles: (u32, u32), split: f32) {
        let frame = self.size;
        let mut bytes: Vec<u8> = fit_matrix(frame, target)
            .to_cols_array()
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        for v in [frame.0, frame.1, tiles.0.max(1), tiles.1.max(1)] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes.extend_from_slice(&split.to_le_bytes());
        queue.write_buffer(&self.bound.view, 0, &bytes);
    }

    /// The exposure overlay's level, stripes and bands (its look says whether it
    /// is drawn).
    pub fn set_overlay(&self, queue: &wgpu::Queue, overlay: Overlay) {
        queue.write_buffer(&self.bound.view, OVERLAY_AT, &overlay_bytes(overlay));
    }

    /// What the next draws add (a pipeline per look, made on first use).
    pub fn set_look(&self, look: Look) {
        self.look.set(look);
    }

    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>) {
        let look = self.look.get();
        let pipeline = self
            .pipelines
            .borrow_mut()
            .entry(look)
            .or_insert_with(|| {
                let constants = [
                    ("clipping", f64::from(u8::from(look.clipping))),
                    ("adjustment", look.adjustment as f64),
                    ("managed", f64::from(u8::from(look.managed))),
                    ("overlay", f64::from(look.overlay)),
                ];
                let options = wgpu::PipelineCompilationOptions {
                    constants: &constants,
                    ..Default::default()
                };
                quad_pipeline_with(
                    &self.device,
                    &self.module,
                    self.format,
                    "picture",
                    Some(&self.layout),
                    options,
                )
            })
            .clone();
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.draw(0..6, 0..1);
    }
}

fn overlay_bytes(overlay: Overlay) -> Vec<u8> {
    let words = view_words(overlay);
    debug_assert_eq!(OVERLAY_AT + 4 * words.len() as u64, VIEW_BYTES);
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// A display table of `side`³ RGBA texels, red fastest, then green, then blue.
fn display_table(gpu: &Gpu, side: u32, rgba: &[u8]) -> wgpu::TextureView {
    let size = wgpu::Extent3d {
        width: side,
        height: side,
        depth_or_array_layers: side,
    };
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("display table"),
        size,
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D3,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    gpu.queue.write_texture(
        texture.as_image_copy(),
        rgba,
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(side * 4),
            rows_per_image: Some(side),
        },
        size,
    );
    texture.create_view(&Default::default())
}

/// The matrix from a `target`'s unit square (y down) to the texture coordinates
/// of a `picture` fitted into it (`layout::fit`): the inverse of where it lands.
pub(super) fn fit_matrix(picture: (u32, u32), target: (u32, u32)) -> Mat4 {
    let [x, y, w, h] = layout::fit(picture, target);
    Mat4::from_scale(Vec3::new(1.0 / w, 1.0 / h, 1.0))
        * Mat4::from_translation(Vec3::new(-x, -y, 0.0))
}

/// How pictures are sampled when drawn: bilinear, except on a GPU that the CPU
/// emulates, where filtering costs a third of the draw pass (3.5 ms of a 540p
/// frame on SwiftShader).
pub(super) fn picture_sampler(gpu: &Gpu) -> wgpu::Sampler {
    let filter = if gpu.is_cpu() {
        wgpu::FilterMode::Nearest
    } else {
        wgpu::FilterMode::Linear
    };
    gpu.device.create_sampler(&wgpu::SamplerDescriptor {
        mag_filter: filter,
        min_filter: filter,
        ..Default::default()
    })
}
