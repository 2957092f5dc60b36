//! A full-size adjusted picture on the GPU (`Remap`: the tool, downloads, the
//! timings): the picture's histogram counted, the adjustment's tables made from it
//! (src/gpu/adjust_passes.rs), and every pixel remapped through them by a compute
//! pass (remapped.wgsl), then read back.

use super::adjust_passes::{remap_pipeline, Adjuster};
use super::device::{Gpu, GpuError};
use super::gpu_image::GpuImage;
use super::kernels::Kernels;
use super::owned::Owned;
use super::run::{Run, RunOptions};
use super::steps::Method;
use super::timing::pass_ms;
use crate::adjust::Adjustment;
use crate::histogram::Spec;
use crate::image::Image;

/// The adjusted picture, made on the GPU (`Remap`) and read back. The picture
/// must fit one texture.
pub async fn adjust_image(
    gpu: &Gpu,
    kernels: &mut Kernels,
    image: &Image,
    adjustment: Adjustment,
) -> Result<Image, GpuError> {
    let uploaded = upload(gpu, image)?;
    let picture = uploaded.texture_view().expect("one texture: it fits");
    Remap::new(
        gpu,
        kernels,
        picture,
        (image.width(), image.height()),
        adjustment,
    )?
    .read(gpu)
    .await
}

/// `image` in one texture, or why it cannot be.
fn upload(gpu: &Gpu, image: &Image) -> Result<GpuImage, GpuError> {
    let (width, height) = (image.width(), image.height());
    let max = gpu.limits().max_texture_dimension_2d;
    if width > max || height > max {
        return Err(GpuError(format!(
            "the image is {width}x{height}; this GPU's largest texture is {max} pixels a side"
        )));
    }
    Ok(GpuImage::upload_as_is(gpu, image))
}

/// An adjustment of a picture in a texture, written into a texture of its size:
/// the histogram counted (CLAHE counts its tiles itself), the tables made and
/// every pixel remapped by a compute pass (remapped.wgsl). `histogram adjust`,
/// the pages' downloads and the timing below use it; the kernels are only
/// needed to make it.
pub struct Remap {
    run: Run,
    adjuster: Adjuster,
    pipeline: wgpu::ComputePipeline,
    bind_group: wgpu::BindGroup,
    _info: Owned<wgpu::Buffer>,
    target: Owned<wgpu::Texture>,
    size: (u32, u32),
    /// Read back with alpha 255 (`opaque`).
    opaque: bool,
}

impl Remap {
    /// Read back opaque: the source's alpha is not coverage (a video frame's holds
    /// Y′: shaders/frames/yuv.wgsl).
    pub fn opaque(self) -> Remap {
        Remap {
            opaque: true,
            ..self
        }
    }

    pub fn new(
        gpu: &Gpu,
        kernels: &mut Kernels,
        picture: &wgpu::TextureView,
        (width, height): (u32, u32),
        adjustment: Adjustment,
    ) -> Result<Remap, GpuError> {
        let device = &gpu.device;
        let run = Run::new(
            gpu,
            kernels,
            &GpuImage::from_texture(picture.clone(), width, height),
            RunOptions::new(Method::Privatized, Spec::rgbl()),
        )?;
        let adjuster = Adjuster::new(gpu, adjustment, picture, (width, height), run.bins())?;
        let target = gpu.texture(
            "adjusted",
            (width, height),
            wgpu::TextureFormat::Rgba8Unorm,
            wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_SRC,
        );
        let info = adjuster.picture_uniform(gpu, &[]);
        let pipeline = remap_pipeline(
            gpu,
            "remapped",
            include_str!("../../shaders/adjust/remapped.wgsl"),
            adjustment,
        );
        let output = target.create_view(&Default::default());
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("remapped"),
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::TextureView(picture),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: adjuster.tables().as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: info.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 3,
                    resource: wgpu::BindingResource::TextureView(&output),
                },
            ],
        });
        Ok(Remap {
            run,
            adjuster,
            pipeline,
            bind_group,
            _info: info,
            target,
            size: (width, height),
            opaque: false,
        })
    }

    /// Records the passes. With `timestamps` (four queries), the table passes
    /// write their start and end to the first two and the remapping to the last
    /// two; the histogram pass, when there is one, writes its own
    /// (`Run::encode_timestamps`).
    pub fn encode(&self, encoder: &mut wgpu::CommandEncoder, timestamps: Option<&wgpu::QuerySet>) {
        if !matches!(self.adjuster.adjustment(), Adjustment::Clahe { .. }) {
            self.run.encode(encoder);
        }
        let writes = |first: u32| {
            timestamps.map(|query_set| wgpu::ComputePassTimestampWrites {
                query_set,
                beginning_of_pass_write_index: Some(first),
                end_of_pass_write_index: Some(first + 1),
            })
        };
        self.adjuster.encode(encoder, writes(0));
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("remapped"),
            timestamp_writes: writes(2),
        });
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.dispatch_workgroups(self.size.0.div_ceil(16), self.size.1.div_ceil(16), 1);
    }

    /// Runs the passes and reads the adjusted picture back.
    pub async fn read(self, gpu: &Gpu) -> Result<Image, GpuError> {
        let (width, height) = self.size;
        let row = (width * 4).div_ceil(256) * 256;
        let readback = Owned::from(gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("adjusted pixels"),
            size: row as u64 * height as u64,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        }));
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        self.encode(&mut encoder, None);
        encoder.copy_texture_to_buffer(
            self.target.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &readback,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(row),
                    rows_per_image: None,
                },
            },
            self.target.size(),
        );
        gpu.scoped(|| gpu.queue.submit([encoder.finish()])).await?;
        let bytes = gpu.read_buffer(&readback).await?;
        let mut rgba: Vec<u8> = bytes
            .chunks(row as usize)
            .flat_map(|r| &r[..width as usize * 4])
            .copied()
            .collect();
        if self.opaque {
            rgba.chunks_exact_mut(4).for_each(|p| p[3] = 255);
        }
        Image::from_rgba(width, height, rgba).map_err(|e| GpuError(e.to_string()))
    }
}

/// GPU milliseconds of the passes of one adjustment, from timestamp queries.
#[derive(Clone, Copy, Debug)]
pub struct AdjustTime {
    /// The histogram pass (none for CLAHE, whose tile counts are in `tables`).
    pub histogram: f64,
    /// The table passes (CLAHE: counting the tiles and making their tables).
    pub tables: f64,
    /// The picture pass remapping every pixel.
    pub remap: f64,
}

impl AdjustTime {
    pub fn total(&self) -> f64 {
        self.histogram + self.tables + self.remap
    }
}

/// Times `adjustment` of `image` on the GPU `runs` times after a warm-up, the
/// picture already on the GPU as a decoded video frame is.
pub async fn time_adjustment(
    gpu: &Gpu,
    kernels: &mut Kernels,
    image: &Image,
    adjustment: Adjustment,
    runs: usize,
) -> Result<Vec<AdjustTime>, GpuError> {
    if !gpu.timestamps {
        return Err(GpuError(format!(
            "{} has no timestamp queries to time with",
            gpu.info.name
        )));
    }
    let uploaded = upload(gpu, image)?;
    let picture = uploaded.texture_view().expect("one texture: it fits");
    let remap = Remap::new(
        gpu,
        kernels,
        picture,
        (image.width(), image.height()),
        adjustment,
    )?;
    let device = &gpu.device;
    let queries = device.create_query_set(&wgpu::QuerySetDescriptor {
        label: Some("adjustment time"),
        ty: wgpu::QueryType::Timestamp,
        count: 4,
    });
    let buffer = |usage| {
        Owned::from(device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("timestamps"),
            size: 48,
            usage,
            mapped_at_creation: false,
        }))
    };
    let resolve = buffer(wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC);
    let read = buffer(wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST);
    let counted = !matches!(adjustment, Adjustment::Clahe { .. });
    let period = gpu.queue.get_timestamp_period();
    let mut times = Vec::with_capacity(runs);
    // The first runs raise the GPU's clocks; they are not kept.
    for run in 0..runs + 5 {
        let mut encoder = device.create_command_encoder(&Default::default());
        remap.encode(&mut encoder, Some(&queries));
        encoder.resolve_query_set(&queries, 0..4, &resolve, 0);
        encoder.copy_buffer_to_buffer(&resolve, 0, &read, 0, 32);
        if counted {
            remap.run.encode_timestamps(&mut encoder, &read, 32);
        }
        gpu.scoped(|| gpu.queue.submit([encoder.finish()])).await?;
        let stamps = gpu.read_buffer(&read).await?;
        let histogram = if counted {
            pass_ms(period, &stamps[32..])
        } else {
            Some(0.0)
        };
        let (tables, remap) = (
            pass_ms(period, &stamps[..16]),
            pass_ms(period, &stamps[16..32]),
        );
        if let (true, Some(histogram), Some(tables), Some(remap)) =
            (run >= 5, histogram, tables, remap)
        {
            times.push(AdjustTime {
                histogram,
                tables,
                remap,
            });
        }
    }
    Ok(times)
}
