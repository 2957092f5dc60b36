//! Pictures sent to the GPU a band of rows at a time (`Steps`), so that a page
//! answers between bands: `Upload` of RGBA8 pixels, 16-bit samples or the
//! browser's bitmap, and the storage buffers of whole rows they fill.

use super::device::Gpu;
use super::gpu_image::GpuImage;
use super::grid::Limits;
#[cfg(target_arch = "wasm32")]
use super::{device::extent, gpu_image::tiled};
use crate::deep::DeepImage;
use crate::image::Image;

/// The most bytes one step of an upload sends: a few milliseconds of copying (8
/// MB took a step past 50 ms now and then in Chromium on SwiftShader).
pub(super) const BAND_BYTES: u64 = 4 << 20;

/// Work done a step at a time (an upload of a band of rows), so that a page can
/// answer between steps.
pub trait Steps {
    /// Does the next step; false once there is none left.
    fn step(&mut self, gpu: &Gpu) -> bool;
    /// The share of the steps done, 0 to 1.
    fn fraction(&self) -> f64;
}

/// Where an upload's rows come from.
enum Source<'a> {
    /// RGBA8 pixels in memory, to textures in the image's own layout.
    Rgba(&'a Image),
    /// 16-bit samples in memory, to storage buffers of whole rows.
    Deep(&'a DeepImage),
    /// The browser's decode, to textures (copyExternalImageToTexture).
    #[cfg(target_arch = "wasm32")]
    Bitmap(&'a web_sys::ImageBitmap),
}

/// A picture going up to the GPU a band of rows at a time (`step`), each at most
/// `BAND_BYTES`: a page calls `step` between turns of its event loop, so that a
/// large picture never holds it up (a 24-megapixel picture is 96 MB of RGBA8, and
/// one copy of it took the page 70 ms to 1.1 s). Natively, or for a small picture,
/// `run` takes every step at once.
pub struct Upload<'a> {
    image: GpuImage,
    source: Source<'a>,
    /// Rows a band, and the rows sent so far.
    band: u32,
    sent: u32,
}

impl<'a> Upload<'a> {
    /// `image` to textures of the device's largest size, in its own layout.
    pub fn as_is(gpu: &Gpu, image: &'a Image) -> Upload<'a> {
        Upload::as_is_with(gpu, image, Limits::of(gpu).max_texture)
    }

    /// The same in tiles of at most `max_texture` pixels a side.
    pub fn as_is_with(gpu: &Gpu, image: &'a Image, max_texture: u32) -> Upload<'a> {
        let size = (image.width(), image.height());
        let target = GpuImage::textures(gpu, size, max_texture);
        Upload::of(target, Source::Rgba(image), 4)
    }

    /// A 16-bit picture's samples as stored, into storage buffers of whole rows, each
    /// within one binding and its workgroups' 16-bit counts (`deep_groups`).
    pub fn deep(gpu: &Gpu, image: &'a DeepImage) -> Upload<'a> {
        Upload::deep_with(gpu, image, Limits::of(gpu))
    }

    /// The same within `limits` (tests shrink them to force several buffers).
    pub fn deep_with(gpu: &Gpu, image: &'a DeepImage, limits: Limits) -> Upload<'a> {
        let size = (image.width(), image.height());
        let target = GpuImage::deep_buffers(gpu, size, image.max_value(), limits);
        Upload::of(target, Source::Deep(image), 8)
    }

    /// The browser's decode of a file, from its bitmap straight into textures.
    #[cfg(target_arch = "wasm32")]
    pub fn bitmap(gpu: &Gpu, bitmap: &'a web_sys::ImageBitmap) -> Upload<'a> {
        // copyExternalImageToTexture writes through a render target.
        let usage = wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::COPY_DST
            | wgpu::TextureUsages::RENDER_ATTACHMENT;
        let size = (bitmap.width(), bitmap.height());
        let tiles = tiled(gpu, size, Limits::of(gpu).max_texture, usage);
        let target = GpuImage {
            width: size.0,
            height: size.1,
            tiles,
            reshaped: None,
            samples: None,
        };
        Upload::of(target, Source::Bitmap(bitmap), 4)
    }

    fn of(image: GpuImage, source: Source<'a>, pixel_bytes: u64) -> Upload<'a> {
        let band = (BAND_BYTES / (image.width as u64 * pixel_bytes)).clamp(1, image.height as u64);
        Upload {
            image,
            source,
            band: band as u32,
            sent: 0,
        }
    }

    /// The image, once every band is sent.
    pub fn finish(self) -> GpuImage {
        debug_assert_eq!(self.sent, self.image.height, "every band sent");
        self.image
    }

    /// Every band at once.
    pub fn run(mut self, gpu: &Gpu) -> GpuImage {
        while self.step(gpu) {}
        self.finish()
    }
}

impl Steps for Upload<'_> {
    fn step(&mut self, gpu: &Gpu) -> bool {
        let (y, width) = (self.sent, self.image.width as usize);
        let rows = self.band.min(self.image.height - y);
        if rows == 0 {
            return false;
        }
        self.sent += rows;
        let within = |all: usize| y as usize * width * all..(y + rows) as usize * width * all;
        match self.source {
            Source::Rgba(image) => self.image.write_rgba(gpu, y, &image.rgba()[within(4)]),
            Source::Deep(image) => self.image.write_deep(gpu, y, &image.rgba()[within(4)]),
            #[cfg(target_arch = "wasm32")]
            Source::Bitmap(bitmap) => {
                for (tile, top, n) in self.image.tiles_across(y, rows) {
                    gpu.queue.copy_external_image_to_texture(
                        &wgpu::CopyExternalImageSourceInfo {
                            source: wgpu::ExternalImageSource::ImageBitmap(bitmap.clone()),
                            origin: wgpu::Origin2d {
                                x: tile.origin[0],
                                y: tile.origin[1] + top,
                            },
                            flip_y: false,
                        },
                        wgpu::CopyExternalImageDestInfo {
                            texture: tile.texture(),
                            mip_level: 0,
                            origin: wgpu::Origin3d { x: 0, y: top, z: 0 },
                            aspect: wgpu::TextureAspect::All,
                            color_space: wgpu::PredefinedColorSpace::Srgb,
                            // The bitmap was made with premultiplyAlpha "none": kept straight.
                            premultiplied_alpha: false,
                        },
                        extent((tile.width, n)),
                    )
                }
            }
        }
        self.sent < self.image.height
    }

    fn fraction(&self) -> f64 {
        self.sent as f64 / self.image.height.max(1) as f64
    }
}

/// The whole uploads: every band at once.
impl GpuImage {
    pub fn upload(gpu: &Gpu, image: &Image) -> GpuImage {
        GpuImage::upload_with(gpu, image, Limits::of(gpu).max_texture)
    }

    /// Uploads in tiles of at most `max_texture` pixels a side.
    ///
    /// A thin image (narrower than a 256-pixel row of invocations, or shorter than
    /// 16 rows) is laid out as a near-square block of the same pixels instead: the
    /// same bytes read with another row length, plus the few left over as one more
    /// row. A histogram does not depend on where pixels sit, and every kernel then
    /// gets work of the same shape whatever the image's (a 1x100000 strip would
    /// leave 255 of every 256 invocations of a row-shaped workgroup idle).
    pub fn upload_with(gpu: &Gpu, image: &Image, max_texture: u32) -> GpuImage {
        if image.width() < 256 || image.height() < 16 {
            GpuImage::upload_thin(gpu, image, max_texture)
        } else {
            Upload::as_is_with(gpu, image, max_texture).run(gpu)
        }
    }

    /// Uploads in the image's own layout, however thin: for counting regions of it,
    /// and for scopes, whose columns are the image's.
    pub fn upload_as_is(gpu: &Gpu, image: &Image) -> GpuImage {
        Upload::as_is(gpu, image).run(gpu)
    }

    /// The same in tiles of at most `max_texture` pixels a side (tests force tiles).
    pub fn upload_as_is_with(gpu: &Gpu, image: &Image, max_texture: u32) -> GpuImage {
        Upload::as_is_with(gpu, image, max_texture).run(gpu)
    }

    /// A picture the browser decoded, copied from its `ImageBitmap` straight into
    /// textures (tiles of the device's largest), never through wasm memory.
    #[cfg(target_arch = "wasm32")]
    pub fn from_bitmap(gpu: &Gpu, bitmap: &web_sys::ImageBitmap) -> GpuImage {
        Upload::bitmap(gpu, bitmap).run(gpu)
    }

    /// The same within `limits` (tests shrink them to force several buffers).
    pub fn upload_deep_with(gpu: &Gpu, image: &DeepImage, limits: Limits) -> GpuImage {
        Upload::deep_with(gpu, image, limits).run(gpu)
    }
}
