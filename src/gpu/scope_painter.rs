//! A scope drawn on the GPU from its counts (shaders/scope/scope.wgsl), in a
//! panel of a render target, without reading them back.

use super::device::Gpu;
use super::owned::Owned;
use super::scope_passes::ScopeCount;
use crate::layout::Panel;
use crate::scope::{self, Counted, Graticule, Matrix, Scope, Style};
use glam::{Mat4, Vec3};

/// The WGSL that draws scopes (shaders/draw/quad.wgsl and scope.wgsl), with the
/// reference white's colour (the labels', src/scope/labelled.rs).
pub fn scope_draw_source() -> String {
    let scope = include_str!("../../shaders/scope/scope.wgsl");
    let [r, g, b] = crate::scope::LABEL_COLOUR.map(|v| v as f32 / 255.0);
    format!(
        "{}\nconst referenceWhite = vec3f({r:?}, {g:?}, {b:?});\n{scope}",
        super::bars::QUAD,
    )
}

/// Bytes of scope.wgsl's `ScopeView`.
const VIEW_BYTES: u64 = 272;

/// Levels the view's graticule holds (three vec4u).
const VIEW_LINES: usize = 12;

/// Draws a scope from its counts on the GPU (shaders/scope/scope.wgsl), in a panel of a
/// render target.
pub struct ScopePainter {
    pipeline: wgpu::RenderPipeline,
    bind_group: wgpu::BindGroup,
    view: Owned<wgpu::Buffer>,
}

impl ScopePainter {
    /// For the counts of `count`, drawn into targets of `format`.
    pub fn new(gpu: &Gpu, count: &ScopeCount, format: wgpu::TextureFormat) -> ScopePainter {
        let device = &gpu.device;
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("scope"),
            source: wgpu::ShaderSource::Wgsl(scope_draw_source().into()),
        });
        let pipeline = super::bars::quad_pipeline(device, &module, format, "scope");
        let view = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("scope view"),
            size: VIEW_BYTES,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("scope"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: count.result().as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: view.as_entire_binding(),
                },
            ],
        });
        ScopePainter {
            pipeline,
            bind_group,
            view: view.into(),
        }
    }

    /// Where and how the next draws show `count`'s counts: `scope` (a waveform's
    /// counts draw as the waveform or the parade), in `panel` (the target's unit
    /// square, y down; `shown` the waveform's channels) of a target of `target`
    /// pixels.
    pub fn set_view(
        &self,
        queue: &wgpu::Queue,
        count: &ScopeCount,
        scope: Scope,
        panel: &Panel,
        target: (u32, u32),
        style: Style,
    ) {
        let [x, y, w, h] = panel.rect;
        let matrix = Mat4::from_translation(Vec3::new(2.0 * x - 1.0, 1.0 - 2.0 * (y + h), 0.0))
            * Mat4::from_scale(Vec3::new(2.0 * w, 2.0 * h, 1.0));
        let region = count.region();
        // The scope asked where it draws the count's counts (a waveform's counts
        // draw as the waveform or the parade), else the count's own.
        let drawn = match scope.kind().counted() == count.scope().kind().counted() {
            true => scope,
            false => count.scope(),
        };
        let kind = drawn.kind().drawn_as();
        let (columns, reference) = match drawn.kind().counted() {
            Counted::Chroma => (
                drawn.size(),
                scope::vectorscope_reference(region.pixel_count()),
            ),
            Counted::Columns => (region.width, scope::waveform_reference(region.height)),
        };
        let shown = panel.shown.iter().fold(0u32, |m, &c| m | 1 << c);
        let mut bytes: Vec<u8> = matrix
            .to_cols_array()
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        for (cb, cr) in scope::vectorscope_targets(count.matrix()) {
            bytes.extend_from_slice(&(cb as f32).to_le_bytes());
            bytes.extend_from_slice(&(cr as f32).to_le_bytes());
        }
        for v in [kind, shown, style.log as u32, columns] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        let pixels = [w * target.0 as f32, h * target.1 as f32];
        for v in [pixels[0], pixels[1], style.gain, reference] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes.extend_from_slice(&(count.packed() as u32).to_le_bytes());
        let magnification = drawn.kind().magnification(drawn.size(), style.zoom);
        bytes.extend_from_slice(&magnification.to_le_bytes());
        // Video levels where the waveform drawn is of Y′ as decoded, nits where
        // its codes are HDR codes.
        let nits = style.nits.filter(|_| drawn.offers(scope::Control::Nits));
        let decoded = count.decoded_luma() && drawn.offers(scope::Control::DecodedLuma);
        let graticule = Graticule::new(nits, decoded);
        let video = graticule == Graticule::Video;
        let bt2020 = (count.matrix() == Matrix::Bt2020) as u32;
        bytes.extend_from_slice(&[(video as u32).to_le_bytes(), bt2020.to_le_bytes()].concat());
        let mut lines: Vec<u32> = graticule.lines().into_iter().map(|(l, _)| l).collect();
        let top = lines.last().copied().unwrap_or(0);
        lines.resize(VIEW_LINES, top);
        let white = graticule.reference_white().unwrap_or(u32::MAX);
        for v in lines.into_iter().chain([white, 0, 0, 0]) {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        queue.write_buffer(&self.view, 0, &bytes);
    }

    /// Draws the scope's quad into the current render pass.
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>) {
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.draw(0..6, 0..1);
    }
}
