//! HDR pictures on the GPU (shaders/hdr/hdr.wgsl): the range pass, then the count,
//! over the picture's RGBA f32 samples in storage buffers of whole rows (one
//! binding each), every band into the same counts; and the picture drawn at an
//! exposure, into an 8-bit texture the studio shows, adjusts and scopes.

use super::device::{le_bytes, Gpu, GpuError};
use super::gpu_image::row_buffers;
use super::grid::{privatized_groups, Limits};
use super::kernels::{ChunkShape, Kernel, Kernels};
use super::owned::Owned;
use super::upload::Steps;
use crate::hdr::{HdrHistogram, HdrImage, Range};
use crate::histogram::{Channels, Spec};
use crate::image::Region;
use crate::scope::{Transfer, REFERENCE_WHITE};
use wgpu::util::DeviceExt;

/// Floating-point pictures: their range, then their counts.
const HDR: Kernel = Kernel::fixed(
    "hdr",
    include_str!("../../shaders/hdr/hdr.wgsl"),
    "floats: their range, then their counts",
);

/// Counts `image` in `bins` bins: over the data's own range, with the stops of
/// `stops` when given.
pub async fn count_hdr(
    gpu: &Gpu,
    kernels: &mut Kernels,
    image: &HdrImage,
    bins: u32,
    stops: Option<(f32, f32)>,
) -> Result<HdrHistogram, GpuError> {
    let count = HdrCount::new(gpu, kernels, image, bins)?;
    let whole = Region::whole(image.width(), image.height());
    count.count(gpu, whole, stops).await
}

/// A picture's RGBA f32 samples on the GPU: storage buffers of whole rows, one
/// binding each. Counts of any number of bins read them (`HdrCount::over`).
pub struct HdrSamples {
    width: u32,
    height: u32,
    /// Each buffer with the picture's row of its first, and its rows.
    bands: Vec<(Owned<wgpu::Buffer>, u32, u32)>,
}

impl HdrSamples {
    /// `image`'s samples, all at once.
    pub fn upload(gpu: &Gpu, image: &HdrImage) -> HdrSamples {
        HdrUpload::new(gpu, image).run(gpu)
    }
}

/// `HdrSamples` going up a slice of rows at a time, as `Upload` sends pictures.
pub struct HdrUpload<'a> {
    samples: HdrSamples,
    image: &'a HdrImage,
    /// (band, its first row to send, rows) of each slice still to send.
    slices: Vec<(usize, u32, u32)>,
    sent: usize,
}

impl<'a> HdrUpload<'a> {
    pub fn new(gpu: &Gpu, image: &'a HdrImage) -> HdrUpload<'a> {
        let (width, height) = (image.width(), image.height());
        let row = width as u64 * 16;
        let bands: Vec<_> =
            row_buffers(gpu, "hdr pixels", (row, height), u64::MAX, Limits::of(gpu))
                .map(|(pixels, first, h)| (pixels.into(), first, h))
                .collect();
        let per_slice = (super::upload::BAND_BYTES / row).max(1) as u32;
        let slices = bands
            .iter()
            .enumerate()
            .flat_map(|(i, &(_, _, h))| {
                (0..h)
                    .step_by(per_slice as usize)
                    .map(move |y| (i, y, per_slice.min(h - y)))
            })
            .collect();
        HdrUpload {
            samples: HdrSamples {
                width,
                height,
                bands,
            },
            image,
            slices,
            sent: 0,
        }
    }

    /// Every slice at once.
    pub fn run(mut self, gpu: &Gpu) -> HdrSamples {
        while self.step(gpu) {}
        self.finish()
    }

    pub fn finish(self) -> HdrSamples {
        self.samples
    }
}

impl Steps for HdrUpload<'_> {
    fn step(&mut self, gpu: &Gpu) -> bool {
        let Some(&(band, y, rows)) = self.slices.get(self.sent) else {
            return false;
        };
        self.sent += 1;
        let (buffer, first, _) = &self.samples.bands[band];
        let row = self.image.width() as usize * 4;
        let samples = &self.image.rgba()[(first + y) as usize * row..][..rows as usize * row];
        gpu.queue.write_buffer(
            buffer,
            y as u64 * row as u64 * 4,
            &le_bytes(samples, f32::to_le_bytes),
        );
        self.sent < self.slices.len()
    }

    fn fraction(&self) -> f64 {
        self.sent as f64 / self.slices.len().max(1) as f64
    }
}

/// The uniforms of what a pass over one band of the samples reads.
struct Band {
    uniform: Owned<wgpu::Buffer>,
    /// The exposure pass's uniform: width, first row, rows, exposure, and the
    /// codes' transfer and the nits of 1.0.
    expose: Owned<wgpu::Buffer>,
    /// The picture's row of the band's first.
    first: u32,
    rows: u32,
}

/// A picture's samples on the GPU, counted again and again (a region at a time)
/// into one buffer of counts, which the studio's panel draws.
pub struct HdrCount {
    width: u32,
    height: u32,
    spec: Spec,
    samples: std::rc::Rc<HdrSamples>,
    bands: Vec<Band>,
    /// The bins (4 x N, interleaved as every histogram's), then below, above,
    /// above 1.0 (four each) and invalid.
    result: Owned<wgpu::Buffer>,
    /// csRange, csCount, csExpose and csExposeCodes, made once: a count then
    /// holds no borrow of the kernels while it waits for the GPU.
    pipelines: [wgpu::ComputePipeline; 4],
}

impl HdrCount {
    /// Uploads `image`'s samples, to be counted in `bins` bins.
    pub fn new(
        gpu: &Gpu,
        kernels: &mut Kernels,
        image: &HdrImage,
        bins: u32,
    ) -> Result<HdrCount, GpuError> {
        let samples = std::rc::Rc::new(HdrSamples::upload(gpu, image));
        HdrCount::over(gpu, kernels, samples, bins)
    }

    /// Counts of `bins` bins over samples already on the GPU.
    pub fn over(
        gpu: &Gpu,
        kernels: &mut Kernels,
        samples: std::rc::Rc<HdrSamples>,
        bins: u32,
    ) -> Result<HdrCount, GpuError> {
        let spec = Spec::new(bins, Channels::Rgbl).map_err(GpuError)?;
        let pipelines = ["csRange", "csCount", "csExpose", "csExposeCodes"]
            .map(|entry| kernels.pipeline_at(gpu, HDR, spec, ChunkShape::default(), (entry, None)));
        let (width, height) = (samples.width, samples.height);
        let bands = samples
            .bands
            .iter()
            .map(|&(_, first, h)| Band {
                uniform: buffer(
                    gpu,
                    "hdr band",
                    &words(&[0, 0, width, h]),
                    wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                ),
                expose: buffer(
                    gpu,
                    "hdr exposure",
                    &words(&[width, first, h, 1f32.to_bits(), 0, 0, 0, 0]),
                    wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                ),
                first,
                rows: h,
            })
            .collect();
        let result = buffer(
            gpu,
            "hdr counts",
            &vec![0; (spec.len() + 13) * 4],
            wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_SRC
                | wgpu::BufferUsages::COPY_DST,
        );
        Ok(HdrCount {
            width,
            height,
            spec,
            samples,
            bands,
            result,
            pipelines,
        })
    }

    /// The samples counted (a new count of other bins can share them).
    pub fn samples(&self) -> std::rc::Rc<HdrSamples> {
        self.samples.clone()
    }

    pub fn spec(&self) -> Spec {
        self.spec
    }

    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The latest count's bins first (as a Run's bins), then what lay outside.
    pub fn result(&self) -> &wgpu::Buffer {
        &self.result
    }

    /// Counts `region`: the range pass, then the count, each read back (the
    /// count's edges come from the range).
    pub async fn count(
        &self,
        gpu: &Gpu,
        region: Region,
        stops: Option<(f32, f32)>,
    ) -> Result<HdrHistogram, GpuError> {
        region.within(self.width, self.height).map_err(GpuError)?;
        let bins = self.spec.num_bins;
        let max_workgroups = Limits::of(gpu).max_workgroups;
        // Each band's part of the region, in its own rows; bands outside it rest.
        let counted: Vec<(&Band, &wgpu::Buffer, u32)> = self
            .bands
            .iter()
            .zip(&self.samples.bands)
            .filter_map(|(band, (pixels, ..))| {
                let top = region.y.max(band.first);
                let bottom = (region.y + region.height).min(band.first + band.rows);
                (top < bottom).then(|| {
                    let part = [region.x, top - band.first, region.width, bottom - top];
                    gpu.queue.write_buffer(&band.uniform, 0, &words(&part));
                    (
                        band,
                        &**pixels,
                        privatized_groups([part[2], part[3]], max_workgroups),
                    )
                })
            })
            .collect();
        let pass = |encoder: &mut wgpu::CommandEncoder,
                    pipeline: &wgpu::ComputePipeline,
                    result: &wgpu::Buffer,
                    more: &[&wgpu::Buffer]| {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(pipeline);
            for (band, pixels, groups) in &counted {
                let mut entries = vec![
                    entry_of(0, result),
                    entry_of(1, pixels),
                    entry_of(2, &band.uniform),
                ];
                entries.extend(
                    more.iter()
                        .enumerate()
                        .map(|(i, b)| entry_of(3 + i as u32, b)),
                );
                let bind = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some("hdr"),
                    layout: &pipeline.get_bind_group_layout(0),
                    entries: &entries,
                });
                pass.set_bind_group(0, &bind, &[]);
                pass.dispatch_workgroups(*groups, 1, 1);
            }
        };
        let hdr_uniform = |range: &Range| {
            let values = [
                self.width,
                range.scale(bins).to_bits(),
                range.max.to_bits(),
                0,
            ];
            buffer(gpu, "hdr", &words(&values), wgpu::BufferUsages::UNIFORM)
        };

        // The range: the largest sample, the least and largest positive Y.
        let (extremes, readback) = gpu
            .scoped(|| {
                let extremes = buffer(
                    gpu,
                    "hdr range",
                    &words(&[0, f32::INFINITY.to_bits(), 0, 0]),
                    wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                );
                let unit = hdr_uniform(&Range::from_extremes(1.0, 1.0, 1.0));
                let mut encoder = gpu.device.create_command_encoder(&Default::default());
                pass(&mut encoder, &self.pipelines[0], &extremes, &[&unit]);
                let readback = read(gpu, &extremes, &mut encoder);
                gpu.queue.submit([encoder.finish()]);
                (extremes, readback)
            })
            .await?;
        let found = as_words(gpu.read_buffer(&readback).await?);
        drop(extremes);
        let mut range = Range::from_extremes(
            f32::from_bits(found[0]),
            f32::from_bits(found[1]),
            f32::from_bits(found[2]),
        );
        if let Some(stops) = stops {
            range.stops = stops;
        }

        // The count into `result`, which keeps it for drawing.
        let edges: Vec<u8> = range
            .edges(bins)
            .iter()
            .flat_map(|e| e.to_le_bytes())
            .collect();
        let readback = gpu
            .scoped(|| {
                let hdr = hdr_uniform(&range);
                let edges = buffer(gpu, "hdr edges", &edges, wgpu::BufferUsages::STORAGE);
                let mut encoder = gpu.device.create_command_encoder(&Default::default());
                encoder.clear_buffer(&self.result, 0, None);
                pass(
                    &mut encoder,
                    &self.pipelines[1],
                    &self.result,
                    &[&hdr, &edges],
                );
                let readback = read(gpu, &self.result, &mut encoder);
                gpu.queue.submit([encoder.finish()]);
                readback
            })
            .await?;
        let counts = as_words(gpu.read_buffer(&readback).await?);
        let four = |at: usize| -> [u32; 4] { std::array::from_fn(|c| counts[at + c]) };
        let n = self.spec.len();
        Ok(HdrHistogram {
            bins,
            range,
            below: four(n),
            above: four(n + 4),
            above_one: four(n + 8),
            invalid: counts[n + 12],
            counts: counts[..n].to_vec(),
        })
    }

    /// Records the picture drawn at `exposure` (a factor on every sample) into
    /// `target`, an rgba8unorm storage texture of the picture's size: sRGB codes
    /// of the exposed linear values clipped to [0, 1], black where a sample is not
    /// a number. With `codes`, the same light as HDR codes of its transfer into
    /// its texture too (`Transfer::encode`: 1.0 at the reference white).
    pub fn encode_exposure(
        &self,
        gpu: &Gpu,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        exposure: f32,
        codes: Option<(&wgpu::TextureView, Transfer)>,
    ) {
        let pipeline = &self.pipelines[if codes.is_some() { 3 } else { 2 }];
        let transfer = match codes {
            Some((_, Transfer::Pq)) => 1u32,
            Some((_, Transfer::Hlg)) => 2,
            None => 0,
        };
        let white = REFERENCE_WHITE as f32;
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(pipeline);
        for (band, (pixels, ..)) in self.bands.iter().zip(&self.samples.bands) {
            let uniform = words(&[exposure.to_bits(), transfer, white.to_bits()]);
            gpu.queue.write_buffer(&band.expose, 12, &uniform);
            let texture = |binding, view| wgpu::BindGroupEntry {
                binding,
                resource: wgpu::BindingResource::TextureView(view),
            };
            let mut entries = vec![
                entry_of(1, pixels),
                texture(5, target),
                entry_of(6, &band.expose),
            ];
            entries.extend(codes.map(|(view, _)| texture(7, view)));
            let bind = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("csExpose"),
                layout: &pipeline.get_bind_group_layout(0),
                entries: &entries,
            });
            pass.set_bind_group(0, &bind, &[]);
            pass.dispatch_workgroups(self.width.div_ceil(16), band.rows.div_ceil(16), 1);
        }
    }
}

fn buffer(gpu: &Gpu, label: &str, bytes: &[u8], usage: wgpu::BufferUsages) -> Owned<wgpu::Buffer> {
    gpu.device
        .create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some(label),
            contents: bytes,
            usage,
        })
        .into()
}

fn words(values: &[u32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn as_words(bytes: Vec<u8>) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

/// Records a copy of `source` into a new buffer to map.
fn read(
    gpu: &Gpu,
    source: &wgpu::Buffer,
    encoder: &mut wgpu::CommandEncoder,
) -> Owned<wgpu::Buffer> {
    let readback: Owned<wgpu::Buffer> = gpu
        .device
        .create_buffer(&wgpu::BufferDescriptor {
            label: Some("hdr readback"),
            size: source.size(),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
        .into();
    encoder.copy_buffer_to_buffer(source, 0, &readback, 0, source.size());
    readback
}

fn entry_of(binding: u32, buffer: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
    wgpu::BindGroupEntry {
        binding,
        resource: buffer.as_entire_binding(),
    }
}
