//! An image on the GPU: one or more `rgba8unorm` textures, or storage buffers of
//! packed pixels or of 16-bit samples. Images larger than the device allows are
//! never truncated: they go up as several textures or buffers (tiles).
//!
//! `Upload` (upload.rs) sends a picture a band of rows at a time, so a page can
//! answer between bands while a large one goes up; the whole uploads below are the
//! same bands in one go.

use super::device::{le_bytes, Gpu, GpuError};
use super::grid::{packed_groups, Limits, DEEP_GROUP_PIXELS};
use super::kernels::Input;
use super::owned::Owned;
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
    pub(super) origin: [u32; 2],
    pub(super) width: u32,
    pub(super) height: u32,
}

/// Empty textures of `usage` covering `size`, in tiles of at most `max_texture` a
/// side; each readable back (`read_rgba`, `read_pixel`: the studio's pointer).
pub(super) fn tiled(
    gpu: &Gpu,
    size: (u32, u32),
    max_texture: u32,
    usage: wgpu::TextureUsages,
) -> Vec<Tile> {
    let usage = usage | wgpu::TextureUsages::COPY_SRC;
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
    pub(super) fn texture(&self) -> &wgpu::Texture {
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

    /// A thin image laid out anew (`upload_with`): rows of a near-square block, and
    /// the pixels left over as one more row.
    pub(super) fn upload_thin(gpu: &Gpu, image: &Image, max_texture: u32) -> GpuImage {
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

    /// Uploads the pixels into storage buffers of whole rows, padded to whole 16-byte
    /// quads of pixels. The packed kernel reads a buffer whole, so the limits apply
    /// here: a buffer fits one binding, and its loop (4 channels a pixel, at most
    /// `packed_groups` x at least 256 invocations) stays within `max_loop_iterations`.
    pub fn upload_packed(gpu: &Gpu, image: &Image, limits: Limits) -> GpuImage {
        let (width, height) = (image.width(), image.height());
        let row_bytes = width as u64 * 4;
        let invocations = packed_groups(u64::MAX).min(limits.max_workgroups as u64) * 256;
        // Fewer than 5 loop iterations a pixel: 4 channels, and its share of the quads'.
        let by_loop = limits.max_loop_iterations.saturating_mul(invocations) / 5 / width as u64;
        let tiles = row_buffers(gpu, "pixels", (row_bytes, height), by_loop, limits)
            .map(|(buffer, y, h)| {
                let at = |y: u32| (y as u64 * row_bytes) as usize;
                gpu.queue
                    .write_buffer(&buffer, 0, &image.rgba()[at(y)..at(y + h)]);
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

    /// Empty textures for a `size` picture in its own layout, tiles of at most
    /// `max_texture` a side, to be written a band of rows at a time (`write_rgba`).
    pub fn textures(gpu: &Gpu, size: (u32, u32), max_texture: u32) -> GpuImage {
        let usage = wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST;
        GpuImage::textures_for(gpu, size, max_texture, usage)
    }

    /// Empty textures for a `size` picture in its own layout that a compute pass
    /// writes (`from_planes`), tiles of at most `max_texture` a side.
    pub(super) fn storage_textures(gpu: &Gpu, size: (u32, u32), max_texture: u32) -> GpuImage {
        let usage = wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING;
        GpuImage::textures_for(gpu, size, max_texture, usage)
    }

    fn textures_for(
        gpu: &Gpu,
        size: (u32, u32),
        max_texture: u32,
        usage: wgpu::TextureUsages,
    ) -> GpuImage {
        GpuImage {
            width: size.0,
            height: size.1,
            tiles: tiled(gpu, size, max_texture, usage),
            reshaped: None,
            samples: None,
        }
    }

    /// The picture read back from its textures, for checking what the GPU holds
    /// (an image in textures of its own layout, as `tiled` makes them).
    pub async fn read_rgba(&self, gpu: &Gpu) -> Result<Image, GpuError> {
        let mut rgba = vec![0u8; self.width as usize * self.height as usize * 4];
        for tile in &self.tiles {
            let TileData::Texture {
                _texture: Some(texture),
                ..
            } = &tile.data
            else {
                return Err(GpuError(
                    "only an image in textures of its own can be read back".into(),
                ));
            };
            if self.reshaped.is_some() {
                return Err(GpuError(
                    "a thin image laid out as a block is not read back".into(),
                ));
            }
            let rows = gpu.read_texture(texture).await?;
            let width = self.width as usize * 4;
            let tile_row = tile.width as usize * 4;
            let texture_row = texture.width() as usize * 4;
            for (y, src) in rows
                .chunks(texture_row)
                .take(tile.height as usize)
                .enumerate()
            {
                let at = (tile.origin[1] as usize + y) * width + tile.origin[0] as usize * 4;
                rgba[at..at + tile_row].copy_from_slice(&src[..tile_row]);
            }
        }
        Image::from_rgba(self.width, self.height, rgba).map_err(|e| GpuError(e.to_string()))
    }

    /// Empty storage buffers of whole rows for a `size` picture's 16-bit samples
    /// (none over `max_value`), each within one binding and its workgroups' 16-bit
    /// counts (`deep_groups`), to be written a band of rows at a time (`write_deep`).
    pub fn deep_buffers(gpu: &Gpu, size: (u32, u32), max_value: u32, limits: Limits) -> GpuImage {
        let (width, height) = size;
        let by_counts = limits.max_workgroups as u64 * DEEP_GROUP_PIXELS / width as u64;
        let tiles = row_buffers(
            gpu,
            "samples",
            (width as u64 * 8, height),
            by_counts,
            limits,
        )
        .map(|(buffer, y, h)| Tile {
            data: TileData::Pixels(buffer.into()),
            origin: [0, y],
            width,
            height: h,
        })
        .collect();
        let uniform: Vec<u8> = [width, max_value, 0, 0]
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
        GpuImage {
            width,
            height,
            tiles,
            reshaped: None,
            samples: Some(samples.into()),
        }
    }

    /// The tiles that rows `y..y + rows` cross: each with the first of those rows
    /// in it (from its top) and how many.
    pub(super) fn tiles_across(
        &self,
        y: u32,
        rows: u32,
    ) -> impl Iterator<Item = (&Tile, u32, u32)> {
        self.tiles.iter().filter_map(move |t| {
            let top = y.max(t.origin[1]);
            let bottom = (y + rows).min(t.origin[1] + t.height);
            (top < bottom).then(|| (t, top - t.origin[1], bottom - top))
        })
    }

    /// Writes whole rows of RGBA8 pixels, from row `y` on, into the textures
    /// (`textures`).
    pub fn write_rgba(&self, gpu: &Gpu, y: u32, rgba: &[u8]) {
        let width = self.width as usize;
        let rows = (rgba.len() / (width * 4)) as u32;
        for (tile, top, n) in self.tiles_across(y, rows) {
            // Only the tile's bytes: a browser may copy all it is given.
            let start = ((tile.origin[1] + top - y) as usize * width + tile.origin[0] as usize) * 4;
            let end = start + ((n as usize - 1) * width + tile.width as usize) * 4;
            let size = (tile.width, n);
            gpu.fill_texture(
                tile.texture(),
                [0, top],
                size,
                &rgba[start..end],
                0,
                self.width * 4,
            );
        }
    }

    /// Writes whole rows of 16-bit RGBA samples, from row `y` on, into the
    /// buffers (`deep_buffers`).
    pub fn write_deep(&self, gpu: &Gpu, y: u32, samples: &[u16]) {
        let row = self.width as usize * 4;
        let rows = (samples.len() / row) as u32;
        for (tile, top, n) in self.tiles_across(y, rows) {
            let TileData::Pixels(buffer) = &tile.data else {
                unreachable!("samples go to buffers")
            };
            let start = (tile.origin[1] + top - y) as usize * row;
            let band = &samples[start..start + n as usize * row];
            let at = top as u64 * row as u64 * 2;
            gpu.queue
                .write_buffer(buffer, at, &le_bytes(band, u16::to_le_bytes));
        }
    }

    /// Pixel `(x, y)` of a picture in textures of its own layout: its R, G, B
    /// and A as the GPU holds them, read back. The studio's pixel under the
    /// pointer, where the browser decoded the picture to the GPU, or the GPU did.
    pub async fn read_pixel(&self, gpu: &Gpu, (x, y): (u32, u32)) -> Result<[u8; 4], GpuError> {
        let none = || GpuError::new(format!("no texel of the picture at {x}, {y}"));
        let tile = self.tiles.iter().find(|t| {
            let [left, top] = t.origin;
            (left..left + t.width).contains(&x) && (top..top + t.height).contains(&y)
        });
        let Some(tile) = tile.filter(|_| self.reshaped.is_none()) else {
            return Err(none());
        };
        let TileData::Texture {
            _texture: Some(texture),
            ..
        } = &tile.data
        else {
            return Err(none());
        };
        let [left, top] = tile.origin;
        let at = wgpu::Origin3d {
            x: x - left,
            y: y - top,
            z: 0,
        };
        let texel = gpu
            .read_texels(texture, at, wgpu::Extent3d::default())
            .await?;
        Ok([texel[0], texel[1], texel[2], texel[3]])
    }

    /// The samples of pixel `(x, y)` as stored (`deep_buffers`): its R, G, B and
    /// A, read back. The studio's pixel under the pointer, where only the GPU
    /// holds the picture.
    pub async fn read_deep_pixel(
        &self,
        gpu: &Gpu,
        (x, y): (u32, u32),
    ) -> Result<[u16; 4], GpuError> {
        let held = self.samples.is_some() && x < self.width;
        let Some((tile, top, _)) = self.tiles_across(y, 1).next().filter(|_| held) else {
            return Err(GpuError::new(format!("no stored pixel at {x}, {y}")));
        };
        let TileData::Pixels(buffer) = &tile.data else {
            unreachable!("samples go to buffers")
        };
        let read = Owned::from(gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("pixel read back"),
            size: 8,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        }));
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        let at = (top as u64 * self.width as u64 + x as u64) * 8;
        encoder.copy_buffer_to_buffer(buffer, at, &read, 0, 8);
        gpu.scoped(|| gpu.queue.submit([encoder.finish()])).await?;
        let bytes = gpu.read_buffer(&read).await?;
        Ok([0, 1, 2, 3].map(|i| u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]])))
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
                (x0 < x1 && y0 < y1).then(|| Part {
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

/// Storage buffers of whole rows for a picture of `height` rows of `row_bytes`:
/// as many rows a buffer as one binding holds and `max_rows` allows (at least
/// one), the last buffer the rest, each padded to whole 16 bytes (the packed
/// kernel reads quads). Each with its first row and its rows.
pub(super) fn row_buffers<'a>(
    gpu: &'a Gpu,
    label: &'static str,
    (row_bytes, height): (u64, u32),
    max_rows: u64,
    limits: Limits,
) -> impl Iterator<Item = (wgpu::Buffer, u32, u32)> + 'a {
    // Padded, a buffer still fits: at most the binding's size rounded down to 16.
    let by_binding = limits.max_chunk_bytes / 16 * 16 / row_bytes;
    let rows = by_binding.min(max_rows).clamp(1, height as u64) as u32;
    (0..height).step_by(rows as usize).map(move |y| {
        let h = rows.min(height - y);
        let buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some(label),
            size: (h as u64 * row_bytes).div_ceil(16) * 16,
            // COPY_SRC: a pixel is read back (`read_deep_pixel`).
            usage: wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_DST
                | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        (buffer, y, h)
    })
}
