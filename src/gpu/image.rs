//! An image on the GPU: one or more `rgba8unorm` textures, or storage buffers of
//! packed pixels or of 16-bit samples. Images larger than the device allows are
//! never truncated: they go up as several textures or buffers (tiles).
//!
//! `Upload` sends a picture a band of rows at a time, so a page can answer between
//! bands while a large one goes up; the whole uploads below are the same bands in
//! one go.

#[cfg(target_arch = "wasm32")]
use super::device::extent;
use super::device::{le_bytes, Gpu, GpuError, Owned};
use super::grid::{packed_groups, Limits, DEEP_GROUP_PIXELS};
use super::kernels::Input;
use crate::deep::DeepImage;
use crate::image::{Image, Region};
use wgpu::util::DeviceExt;

/// A piece of an image on the GPU: a texture (and its view), or rows of packed
/// pixels in a buffer. A video frame's texture belongs to the video, not here.
pub(super) enum TileData {
    Texture {
        _texture: Option<Owned<wgpu::Texture>>,
        view: wgpu::TextureView,
    },
    Pixels(Owned<wgpu::Buffer>),
}

pub(super) struct Tile {
    pub(super) data: TileData,
    /// Where the tile's first pixel sits in the image (for an image in its own layout).
    origin: [u32; 2],
    width: u32,
    height: u32,
}

/// Empty textures of `usage` covering `size`, in tiles of at most `max_texture` a
/// side.
fn tiled(gpu: &Gpu, size: (u32, u32), max_texture: u32, usage: wgpu::TextureUsages) -> Vec<Tile> {
    let mut tiles = Vec::new();
    for y in (0..size.1).step_by(max_texture as usize) {
        for x in (0..size.0).step_by(max_texture as usize) {
            let tile = (max_texture.min(size.0 - x), max_texture.min(size.1 - y));
            let texture = gpu.texture("image", tile, wgpu::TextureFormat::Rgba8Unorm, usage);
            tiles.push(Tile {
                data: TileData::Texture {
                    view: texture.create_view(&Default::default()),
                    _texture: Some(texture),
                },
                origin: [x, y],
                width: tile.0,
                height: tile.1,
            });
        }
    }
    tiles
}

impl Tile {
    /// The tile's texture (a tile made by `tiled`).
    fn texture(&self) -> &wgpu::Texture {
        match &self.data {
            TileData::Texture {
                _texture: Some(texture),
                ..
            } => texture,
            _ => unreachable!("tiles are made with their textures"),
        }
    }
}

/// An image uploaded as one or more `rgba8unorm` textures, or as storage buffers of
/// packed RGBA8 pixels (for `Input::Buffer` methods).
pub struct GpuImage {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) tiles: Vec<Tile>,
    /// A thin image's pixels laid out as a block of width x height instead, and
    /// the pixels left over as one more row (see `upload_with`).
    pub(super) reshaped: Option<[u32; 3]>,
    /// Samples of 16 bits (`upload_deep`): a uniform of the rows' length and the
    /// largest sample, 2^depth - 1.
    pub(super) samples: Option<Owned<wgpu::Buffer>>,
}

impl GpuImage {
    /// Wraps one existing texture (a video frame), `width` x `height`.
    pub fn from_texture(view: wgpu::TextureView, width: u32, height: u32) -> GpuImage {
        GpuImage {
            width,
            height,
            tiles: vec![Tile {
                data: TileData::Texture {
                    _texture: None,
                    view,
                },
                origin: [0, 0],
                width,
                height,
            }],
            reshaped: None,
            samples: None,
        }
    }

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

    /// A thin image laid out anew (`upload_with`): rows of a near-square block, and
    /// the pixels left over as one more row.
    fn upload_thin(gpu: &Gpu, image: &Image, max_texture: u32) -> GpuImage {
        let pixels = image.pixel_count();
        let side = ((pixels as f64).sqrt().ceil() as u64).div_ceil(256) * 256;
        let rows_of = side.min(pixels).min(max_texture as u64) as u32;
        let (rows, rest) = (
            (pixels / rows_of as u64) as u32,
            (pixels % rows_of as u64) as u32,
        );
        let usage = wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST;
        // The tile at `origin` from the pixels there, in rows of `row_pixels`.
        let fill =
            |texture: &wgpu::Texture, origin: [u32; 2], size: (u32, u32), row_pixels: u32| {
                let offset = (origin[1] as u64 * rows_of as u64 + origin[0] as u64) * 4;
                gpu.fill_texture(texture, [0, 0], size, image.rgba(), offset, row_pixels * 4);
            };
        let mut tiles = tiled(gpu, (rows_of, rows), max_texture, usage);
        for tile in &tiles {
            fill(
                tile.texture(),
                tile.origin,
                (tile.width, tile.height),
                rows_of,
            );
        }
        if rest > 0 {
            let mut last = tiled(gpu, (rest, 1), max_texture, usage);
            last[0].origin = [0, rows];
            fill(last[0].texture(), [0, rows], (rest, 1), rest);
            tiles.extend(last);
        }
        GpuImage {
            width: image.width(),
            height: image.height(),
            tiles,
            reshaped: Some([rows_of, rows, rest]),
            samples: None,
        }
    }

    /// A picture the browser decoded, copied from its `ImageBitmap` straight into
    /// textures (tiles of the device's largest), never through wasm memory.
    #[cfg(target_arch = "wasm32")]
    pub fn from_bitmap(gpu: &Gpu, bitmap: &web_sys::ImageBitmap) -> GpuImage {
        Upload::bitmap(gpu, bitmap).run(gpu)
    }

    /// Uploads for `input`: textures, or packed pixels in buffers.
    pub fn upload_for(gpu: &Gpu, image: &Image, input: Input) -> GpuImage {
        match input {
            Input::Texture => GpuImage::upload(gpu, image),
            Input::Buffer => GpuImage::upload_packed(gpu, image, Limits::of(gpu)),
            Input::Deep => GpuImage::upload_deep(gpu, &DeepImage::from_image(image)),
        }
    }

    /// Uploads samples as stored, 16 bits each, into storage buffers of whole rows,
    /// each within one binding (`Method::Deep` reads them).
    pub fn upload_deep(gpu: &Gpu, image: &DeepImage) -> GpuImage {
        GpuImage::upload_deep_with(gpu, image, Limits::of(gpu))
    }

    /// The same within `limits` (tests shrink them to force several buffers).
    pub fn upload_deep_with(gpu: &Gpu, image: &DeepImage, limits: Limits) -> GpuImage {
        Upload::deep_with(gpu, image, limits).run(gpu)
    }

    /// Uploads the pixels into storage buffers of whole rows, padded to whole 16-byte
    /// quads of pixels. The packed kernel reads a buffer whole, so the limits apply
    /// here: a buffer fits one binding, and its loop (4 channels a pixel, at most
    /// `packed_groups` x at least 256 invocations) stays within `max_loop_iterations`.
    pub fn upload_packed(gpu: &Gpu, image: &Image, limits: Limits) -> GpuImage {
        let (width, height) = (image.width(), image.height());
        let row_bytes = width as u64 * 4;
        let by_binding = limits.max_chunk_bytes.saturating_sub(16) / row_bytes;
        let invocations = packed_groups(u64::MAX).min(limits.max_workgroups as u64) * 256;
        // Fewer than 5 loop iterations a pixel: 4 channels, and its share of the quads'.
        let by_loop = limits.max_loop_iterations.saturating_mul(invocations) / 5 / width as u64;
        let rows = by_binding.min(by_loop).clamp(1, height as u64) as u32;
        let tiles = (0..height)
            .step_by(rows as usize)
            .map(|y| {
                let h = rows.min(height - y);
                let bytes = &image.rgba()
                    [(y as u64 * row_bytes) as usize..((y + h) as u64 * row_bytes) as usize];
                let buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("pixels"),
                    size: (bytes.len() as u64).div_ceil(16) * 16,
                    usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                gpu.queue.write_buffer(&buffer, 0, bytes);
                Tile {
                    data: TileData::Pixels(buffer.into()),
                    origin: [0, y],
                    width,
                    height: h,
                }
            })
            .collect();
        GpuImage {
            width,
            height,
            tiles,
            reshaped: None,
            samples: None,
        }
    }

    pub(super) fn input(&self) -> Input {
        match (&self.tiles[0].data, &self.samples) {
            (TileData::Texture { .. }, _) => Input::Texture,
            (TileData::Pixels(_), None) => Input::Buffer,
            (TileData::Pixels(_), Some(_)) => Input::Deep,
        }
    }

    pub fn pixel_count(&self) -> u64 {
        self.width as u64 * self.height as u64
    }

    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The texture of an image uploaded whole as one texture.
    pub fn texture_view(&self) -> Option<&wgpu::TextureView> {
        match &self.tiles[..] {
            [Tile {
                data: TileData::Texture { view, .. },
                ..
            }] if self.reshaped.is_none() => Some(view),
            _ => None,
        }
    }

    pub fn tile_count(&self) -> usize {
        self.tiles.len()
    }

    /// The counted part of every tile: all of each, or what `region` covers (in an
    /// image in its own layout).
    pub(super) fn parts(&self, region: Option<Region>) -> Vec<Part> {
        self.tiles
            .iter()
            .enumerate()
            .filter_map(|(tile, t)| {
                let [ox, oy] = t.origin;
                // All of every tile (a thin image's tiles are laid out anew, so
                // not as a rectangle of the image's).
                let Some(r) = region else {
                    return Some(Part {
                        tile,
                        origin: [0, 0],
                        size: [t.width, t.height],
                        at: t.origin,
                    });
                };
                let (x0, y0) = (r.x.max(ox), r.y.max(oy));
                let x1 = (r.x + r.width).min(ox + t.width);
                let y1 = (r.y + r.height).min(oy + t.height);
                (x0 < x1 && y0 < y1).then_some(Part {
                    tile,
                    origin: [x0 - ox, y0 - oy],
                    size: [x1 - x0, y1 - y0],
                    at: [x0 - r.x, y0 - r.y],
                })
            })
            .collect()
    }

    /// A tile's texture, for binding; `None` for packed pixels.
    pub(super) fn tile_view(&self, tile: usize) -> Option<&wgpu::TextureView> {
        match &self.tiles[tile].data {
            TileData::Texture { view, .. } => Some(view),
            TileData::Pixels(_) => None,
        }
    }

    /// Checks that `region` can be read in place: the image is in textures in its
    /// own layout, and the region fits.
    pub(super) fn check_region(&self, region: Option<Region>) -> Result<(), GpuError> {
        let Some(region) = region else {
            return Ok(());
        };
        if self.input() == Input::Buffer || self.reshaped.is_some() {
            return Err(GpuError(
                "a region is counted in an image uploaded as textures in its own layout".into(),
            ));
        }
        region.within(self.width, self.height).map_err(GpuError)
    }
}

/// A tile's counted rectangle: `origin` and `size` in the tile, and where it lies
/// in the counted region (or image), `at`.
pub(super) struct Part {
    pub tile: usize,
    pub origin: [u32; 2],
    pub size: [u32; 2],
    pub at: [u32; 2],
}

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
    /// (tile, its first row, rows) of each band still to send, in order.
    bands: Vec<(usize, u32, u32)>,
    sent: usize,
}

impl<'a> Upload<'a> {
    /// `image` to textures of the device's largest size, in its own layout.
    pub fn as_is(gpu: &Gpu, image: &'a Image) -> Upload<'a> {
        Upload::as_is_with(gpu, image, Limits::of(gpu).max_texture)
    }

    /// The same in tiles of at most `max_texture` pixels a side.
    pub fn as_is_with(gpu: &Gpu, image: &'a Image, max_texture: u32) -> Upload<'a> {
        let usage = wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST;
        let size = (image.width(), image.height());
        Upload::of(
            tiled(gpu, size, max_texture, usage),
            size,
            None,
            Source::Rgba(image),
            4,
        )
    }

    /// A 16-bit picture's samples as stored, into storage buffers of whole rows, each
    /// within one binding and its workgroups' 16-bit counts (`deep_groups`).
    pub fn deep(gpu: &Gpu, image: &'a DeepImage) -> Upload<'a> {
        Upload::deep_with(gpu, image, Limits::of(gpu))
    }

    /// The same within `limits` (tests shrink them to force several buffers).
    pub fn deep_with(gpu: &Gpu, image: &'a DeepImage, limits: Limits) -> Upload<'a> {
        let (width, height) = (image.width(), image.height());
        let row_bytes = width as u64 * 8;
        let by_binding = limits.max_chunk_bytes / row_bytes;
        let by_counts = limits.max_workgroups as u64 * DEEP_GROUP_PIXELS / width as u64;
        let rows = by_binding.min(by_counts).clamp(1, height as u64) as u32;
        let tiles = (0..height)
            .step_by(rows as usize)
            .map(|y| {
                let h = rows.min(height - y);
                let buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("samples"),
                    size: h as u64 * row_bytes,
                    usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                Tile {
                    data: TileData::Pixels(buffer.into()),
                    origin: [0, y],
                    width,
                    height: h,
                }
            })
            .collect();
        let uniform: Vec<u8> = [width, image.max_value(), 0, 0]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        let samples = gpu
            .device
            .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("samples uniform"),
                contents: &uniform,
                usage: wgpu::BufferUsages::UNIFORM,
            });
        Upload::of(
            tiles,
            (width, height),
            Some(samples.into()),
            Source::Deep(image),
            8,
        )
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
        Upload::of(tiles, size, None, Source::Bitmap(bitmap), 4)
    }

    fn of(
        tiles: Vec<Tile>,
        (width, height): (u32, u32),
        samples: Option<Owned<wgpu::Buffer>>,
        source: Source<'a>,
        pixel_bytes: u64,
    ) -> Upload<'a> {
        let bands = tiles
            .iter()
            .enumerate()
            .flat_map(|(i, t)| {
                let rows = (BAND_BYTES / (t.width as u64 * pixel_bytes)).clamp(1, t.height as u64);
                (0..t.height)
                    .step_by(rows as usize)
                    .map(move |y| (i, y, (rows as u32).min(t.height - y)))
            })
            .collect();
        let image = GpuImage {
            width,
            height,
            tiles,
            reshaped: None,
            samples,
        };
        Upload {
            image,
            source,
            bands,
            sent: 0,
        }
    }

    /// The image, once every band is sent.
    pub fn finish(self) -> GpuImage {
        debug_assert_eq!(self.sent, self.bands.len(), "every band sent");
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
        let Some(&(i, y, rows)) = self.bands.get(self.sent) else {
            return false;
        };
        self.sent += 1;
        let tile = &self.image.tiles[i];
        let [ox, oy] = tile.origin;
        match self.source {
            Source::Rgba(image) => {
                // Only the band's bytes: a browser may copy all it is given.
                let width = image.width() as usize;
                let start = ((oy + y) as usize * width + ox as usize) * 4;
                let end = start + ((rows as usize - 1) * width + tile.width as usize) * 4;
                let band = &image.rgba()[start..end];
                let (size, row_bytes) = ((tile.width, rows), image.width() * 4);
                gpu.fill_texture(tile.texture(), [0, y], size, band, 0, row_bytes);
            }
            Source::Deep(image) => {
                let TileData::Pixels(buffer) = &tile.data else {
                    unreachable!("samples go to buffers")
                };
                let row = image.width() as usize * 4;
                let samples = &image.rgba()[(oy + y) as usize * row..][..rows as usize * row];
                gpu.queue.write_buffer(
                    buffer,
                    y as u64 * row as u64 * 2,
                    &le_bytes(samples, u16::to_le_bytes),
                );
            }
            #[cfg(target_arch = "wasm32")]
            Source::Bitmap(bitmap) => gpu.queue.copy_external_image_to_texture(
                &wgpu::CopyExternalImageSourceInfo {
                    source: wgpu::ExternalImageSource::ImageBitmap(bitmap.clone()),
                    origin: wgpu::Origin2d { x: ox, y: oy + y },
                    flip_y: false,
                },
                wgpu::CopyExternalImageDestInfo {
                    texture: tile.texture(),
                    mip_level: 0,
                    origin: wgpu::Origin3d { x: 0, y, z: 0 },
                    aspect: wgpu::TextureAspect::All,
                    color_space: wgpu::PredefinedColorSpace::Srgb,
                    // The bitmap was made with premultiplyAlpha "none": kept straight.
                    premultiplied_alpha: false,
                },
                extent((tile.width, rows)),
            ),
        }
        self.sent < self.bands.len()
    }

    fn fraction(&self) -> f64 {
        self.sent as f64 / self.bands.len().max(1) as f64
    }
}
