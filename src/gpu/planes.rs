//! A JPEG's planes finished on the GPU into a picture's textures
//! (shaders/frames/planes.wgsl; src/jpeg_planes.rs is its CPU twin): the bytes a decoder
//! hands over before upsampling and colour (1.5 to 3 bytes a pixel), not the 4 of
//! a bitmap.

use super::device::{Gpu, GpuError};
use super::gpu_image::GpuImage;
use super::jpeg_finish::Recording;
use super::owned::Owned;
use super::upload::{Steps, BAND_BYTES};
use crate::jpeg_planes::PlaneLayout;
use wgpu::util::DeviceExt;

pub(super) const PLANES: (&str, &str) =
    ("planes", include_str!("../../shaders/frames/planes.wgsl"));

/// planes.wgsl's `Layout` of planes laid out as `layout` says from byte `base`
/// of their buffer, for the part of the picture from `origin` as shown.
pub(super) fn layout_words(layout: &PlaneLayout, base: u32, origin: [u32; 2]) -> [u32; 16] {
    let (chroma, s) = (layout.plane_size(1), layout.subsampling);
    let [o, st] = [layout.offsets.map(|o| base + o), layout.strides];
    let turn = layout.turn.to_exif() as u32;
    [
        layout.width,
        layout.height,
        chroma.0,
        chroma.1,
        o[0],
        o[1],
        o[2],
        turn,
        st[0],
        st[1],
        st[2],
        s.across,
        origin[0],
        origin[1],
        s.down,
        0,
    ]
}

/// Where a JPEG's planes are: in memory, or (a page's) in the browser's array that
/// the decode worker handed over, written to the GPU from there (no copy into wasm
/// memory first).
#[derive(Clone, Copy)]
pub enum PlaneBytes<'a> {
    Memory(&'a [u8]),
    #[cfg(target_arch = "wasm32")]
    Browser(&'a js_sys::Uint8Array),
}

impl<'a> From<&'a [u8]> for PlaneBytes<'a> {
    fn from(bytes: &'a [u8]) -> Self {
        PlaneBytes::Memory(bytes)
    }
}

impl PlaneBytes<'_> {
    pub fn len(&self) -> usize {
        match self {
            PlaneBytes::Memory(bytes) => bytes.len(),
            #[cfg(target_arch = "wasm32")]
            PlaneBytes::Browser(array) => array.length() as usize,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes bytes `range` (a whole number of words) into `buffer` at the same place.
    fn write(&self, gpu: &Gpu, buffer: &wgpu::Buffer, range: std::ops::Range<usize>) {
        match self {
            PlaneBytes::Memory(bytes) => {
                gpu.queue
                    .write_buffer(buffer, range.start as u64, &bytes[range])
            }
            #[cfg(target_arch = "wasm32")]
            PlaneBytes::Browser(array) => {
                // The browser's own queue and buffer: wgpu 30 writes only from
                // wasm memory. The same queue, so in order with wgpu's work.
                let (Some(queue), Some(raw)) = (gpu.queue.as_webgpu(), buffer.as_webgpu()) else {
                    unreachable!("a page's GPU is the browser's WebGPU");
                };
                let band = array.subarray(range.start as u32, range.end as u32);
                // A refusal is a lost device, which the page's watch reports.
                let _ = queue.write_buffer_with_u32_and_u8_array(raw, range.start as u32, &band);
            }
        }
    }

    /// The bytes from `start` to the end (at most 3), in a word and a spare one.
    fn tail(&self, start: usize) -> [u8; 8] {
        let mut tail = [0u8; 8];
        let n = self.len() - start;
        match self {
            PlaneBytes::Memory(bytes) => tail[..n].copy_from_slice(&bytes[start..]),
            #[cfg(target_arch = "wasm32")]
            PlaneBytes::Browser(array) => array
                .subarray(start as u32, self.len() as u32)
                .copy_to(&mut tail[..n]),
        }
        tail
    }
}

/// A JPEG's planes going to the GPU a band of bytes at a time (`Steps`: a page
/// answers between bands; a 48-megapixel photo's planes are 72 MB, and one write
/// of them held Chromium's page for 57 ms), then finished there into a picture's
/// textures (`GpuImage::from_planes`) as the last step.
pub struct PlanesUpload<'a> {
    bytes: PlaneBytes<'a>,
    layout: PlaneLayout,
    max_texture: u32,
    buffer: Owned<wgpu::Buffer>,
    /// Bytes a band (whole words), and the bytes written so far.
    band: usize,
    written: usize,
    image: Option<Result<GpuImage, GpuError>>,
}

impl<'a> PlanesUpload<'a> {
    /// `bytes` laid out as `layout` says, into textures of at most `max_texture`
    /// a side; refused at once where the layout does not fit the bytes or the GPU
    /// cannot bind them.
    pub fn new(
        gpu: &Gpu,
        bytes: impl Into<PlaneBytes<'a>>,
        layout: &PlaneLayout,
        max_texture: u32,
    ) -> Result<PlanesUpload<'a>, GpuError> {
        let bytes = bytes.into();
        layout.check(bytes.len()).map_err(GpuError)?;
        let buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("jpeg planes"),
            size: planes_buffer_size(gpu, bytes.len())?,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Ok(PlanesUpload {
            bytes,
            layout: *layout,
            max_texture,
            buffer: buffer.into(),
            band: BAND_BYTES as usize,
            written: 0,
            image: None,
        })
    }

    /// Bands of `bytes` (rounded up to whole words) instead: the tests send many.
    pub fn with_band(mut self, bytes: usize) -> Self {
        self.band = bytes.next_multiple_of(4).max(4);
        self
    }

    /// The picture, once every step is taken.
    pub fn finish(self) -> Result<GpuImage, GpuError> {
        self.image.expect("every step taken")
    }

    /// Every step at once.
    pub fn run(mut self, gpu: &Gpu) -> Result<GpuImage, GpuError> {
        while self.step(gpu) {}
        self.finish()
    }
}

impl Steps for PlanesUpload<'_> {
    fn step(&mut self, gpu: &Gpu) -> bool {
        let len = self.bytes.len();
        if self.written >= len {
            let mut recording = Recording::new(gpu);
            self.image = Some(GpuImage::from_planes(
                gpu,
                &self.buffer,
                len,
                &self.layout,
                self.max_texture,
                &mut recording,
            ));
            recording.submit(gpu);
            return false;
        }
        let end = (self.written + self.band).min(len);
        // Writes are whole words: the last few bytes go with the spare word's zeros.
        let whole = self.written + (end - self.written) / 4 * 4;
        if whole > self.written {
            self.bytes.write(gpu, &self.buffer, self.written..whole);
        }
        if end == len {
            let tail = self.bytes.tail(whole);
            let size = self.buffer.size() as usize - whole;
            gpu.queue
                .write_buffer(&self.buffer, whole as u64, &tail[..size]);
        }
        self.written = end;
        true
    }

    fn fraction(&self) -> f64 {
        self.written as f64 / self.bytes.len().max(1) as f64
    }
}

/// The bytes of the buffer that holds `len` bytes of planes: a whole number of
/// words and a spare one, within what this GPU binds.
fn planes_buffer_size(gpu: &Gpu, len: usize) -> Result<u64, GpuError> {
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
    /// bytes `len`, with a spare word after them: `PlanesUpload` writes it),
    /// finished on the GPU into textures, tiles of at most `max_texture` a side
    /// (the device's largest: `Limits`), its passes recorded in `recording`.
    pub(super) fn from_planes(
        gpu: &Gpu,
        data: &wgpu::Buffer,
        len: usize,
        layout: &PlaneLayout,
        max_texture: u32,
        recording: &mut Recording,
    ) -> Result<GpuImage, GpuError> {
        layout.check(len).map_err(GpuError)?;
        let device = &gpu.device;
        let image = GpuImage::storage_textures(gpu, layout.shown_size(), max_texture);
        let pipeline = gpu.fixed_pipeline(PLANES, "cs");
        let parts = image.parts(None);
        let (last, timer) = (parts.len().saturating_sub(1), recording.timer.clone());
        for (i, part) in parts.into_iter().enumerate() {
            let words = layout_words(layout, 0, part.at);
            let buffer: Owned<wgpu::Buffer> = device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("planes layout"),
                    contents: bytemuck::cast_slice(&words),
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
            let mut pass = recording
                .encoder
                .begin_compute_pass(&wgpu::ComputePassDescriptor {
                    label: Some("planes"),
                    timestamp_writes: timer.as_deref().and_then(|t| t.span(3, i == 0, i == last)),
                });
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(part.size[0].div_ceil(16), part.size[1].div_ceil(16), 1);
            drop(pass);
            recording.keep.push(buffer);
        }
        Ok(image)
    }
}
