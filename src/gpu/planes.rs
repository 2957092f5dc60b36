//! A JPEG's planes finished on the GPU into a picture's textures
//! (shaders/planes.wgsl; src/jpeg_planes.rs is its CPU twin): the bytes a decoder
//! hands over before upsampling and colour (1.5 to 3 bytes a pixel), not the 4 of
//! a bitmap.

use super::device::{compute_pipeline, Gpu, GpuError, Owned};
use super::image::GpuImage;
use crate::jpeg_planes::Subsampling;
use wgpu::util::DeviceExt;

/// Where a JPEG's three planes lie in its bytes (as `VideoFrame.copyTo` lays
/// them out): each plane's first byte and bytes a row.
#[derive(Clone, Copy, Debug)]
pub struct PlaneLayout {
    pub width: u32,
    pub height: u32,
    pub subsampling: Subsampling,
    pub offsets: [u32; 3],
    pub strides: [u32; 3],
}

impl PlaneLayout {
    /// The size of plane `plane` (0 Y, 1 Cb, 2 Cr).
    pub fn plane_size(&self, plane: usize) -> (u32, u32) {
        let s = self.subsampling;
        match plane {
            0 => (self.width, self.height),
            _ => (self.width.div_ceil(s.across), self.height.div_ceil(s.down)),
        }
    }

    /// Checks that every plane's rows lie within `len` bytes.
    pub fn check(&self, len: usize) -> Result<(), String> {
        if self.width == 0 || self.height == 0 {
            return Err(format!(
                "a {}x{} picture has no pixels",
                self.width, self.height
            ));
        }
        for plane in 0..3 {
            let (w, h) = self.plane_size(plane);
            let (offset, stride) = (self.offsets[plane] as u64, self.strides[plane] as u64);
            let end = offset + stride * (h as u64 - 1) + w as u64;
            if stride < w as u64 || end > len as u64 {
                return Err(format!(
                    "plane {plane} ({w}x{h}, {stride} bytes a row from byte {offset}) runs past the {len} bytes given"
                ));
            }
        }
        Ok(())
    }
}

/// Bytes of planes.wgsl's `Layout`.
const LAYOUT_BYTES: usize = 64;

/// A storage buffer holding `bytes` (a JPEG's planes) for `GpuImage::from_planes`,
/// with the spare word the pass may read past them. A page writes its planes
/// from JavaScript instead, not through wasm memory (`planes_buffer_size`).
pub fn planes_buffer(gpu: &Gpu, bytes: &[u8]) -> Result<Owned<wgpu::Buffer>, GpuError> {
    let size = planes_buffer_size(gpu, bytes.len())?;
    let mut padded = Vec::with_capacity(size as usize);
    padded.extend_from_slice(bytes);
    padded.resize(size as usize, 0);
    Ok(gpu
        .device
        .create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("jpeg planes"),
            contents: &padded,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        })
        .into())
}

/// The bytes of the buffer that holds `len` bytes of planes: a whole number of
/// words and a spare one, within what this GPU binds.
pub fn planes_buffer_size(gpu: &Gpu, len: usize) -> Result<u64, GpuError> {
    let size = (len as u64).div_ceil(4) * 4 + 4;
    let limit = gpu.limits().max_storage_buffer_binding_size;
    if size > limit {
        return Err(GpuError(format!(
            "the planes are {} MB; this GPU binds at most {} MB",
            len >> 20,
            limit >> 20
        )));
    }
    Ok(size)
}

impl GpuImage {
    /// The picture of a JPEG's planes (in `data`, laid out as `layout` says, its
    /// bytes `len`), finished on the GPU into textures, tiles of at most
    /// `max_texture` a side (the device's largest: `Limits`).
    pub fn from_planes(
        gpu: &Gpu,
        data: &wgpu::Buffer,
        len: usize,
        layout: &PlaneLayout,
        max_texture: u32,
    ) -> Result<GpuImage, GpuError> {
        layout.check(len).map_err(GpuError)?;
        let device = &gpu.device;
        let image = GpuImage::storage_textures(gpu, (layout.width, layout.height), max_texture);
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("planes"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../../shaders/planes.wgsl").into()),
        });
        let s = layout.subsampling;
        let constants = [("across", s.across as f64), ("down", s.down as f64)];
        let pipeline = compute_pipeline(device, "planes", (&module, "cs"), &constants, None);
        let chroma = layout.plane_size(1);
        let mut encoder = device.create_command_encoder(&Default::default());
        let mut uniforms = Vec::new();
        for part in image.parts(None) {
            let mut u = Vec::with_capacity(LAYOUT_BYTES);
            let [o, st] = [layout.offsets, layout.strides];
            for v in [
                layout.width,
                layout.height,
                chroma.0,
                chroma.1,
                o[0],
                o[1],
                o[2],
                0,
                st[0],
                st[1],
                st[2],
                0,
            ]
            .into_iter()
            .chain(part.at)
            .chain([0, 0])
            {
                u.extend_from_slice(&v.to_le_bytes());
            }
            let buffer: Owned<wgpu::Buffer> = device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("planes layout"),
                    contents: &u,
                    usage: wgpu::BufferUsages::UNIFORM,
                })
                .into();
            let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("planes"),
                layout: &pipeline.get_bind_group_layout(0),
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: data.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: wgpu::BindingResource::TextureView(
                            image.tile_view(part.tile).expect("textures"),
                        ),
                    },
                    wgpu::BindGroupEntry {
                        binding: 2,
                        resource: buffer.as_entire_binding(),
                    },
                ],
            });
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("planes"),
                timestamp_writes: None,
            });
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(part.size[0].div_ceil(16), part.size[1].div_ceil(16), 1);
            drop(pass);
            uniforms.push(buffer);
        }
        gpu.queue.submit([encoder.finish()]);
        Ok(image)
    }
}
