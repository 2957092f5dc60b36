//! Baseline JPEGs decoded and counted on the GPU with no picture made, the
//! command line's way: their scans entropy-decoded together (jpeg_decode.rs),
//! every component's IDCT in one dispatch into one buffer of planes
//! (jpeg_finish.rs), then shaders/frames/count.wgsl counts each picture's pixels
//! from its planes, upsampled and converted by planes.wgsl's own functions, into
//! a histogram of its own: one dispatch for the batch, one read back. A picture
//! costs the host a few words, not its textures, buffers, bind groups and run
//! (docs/DECISIONS.md 75).

use super::device::{Gpu, GpuError};
use super::grid::privatized_groups;
use super::jpeg_batch::batches;
use super::jpeg_decode::{decode_batch, flag_error};
use super::jpeg_finish::{components, idct, planes_len, Recording};
use super::kernels::{ChunkShape, Kernel, Kernels};
use super::owned::Owned;
use super::planes::layout_words;
use crate::histogram::{Histogram, Spec};
use crate::jpeg_coefficients;
use crate::jpeg_entropy::Scan;
use crate::jpeg_planes::Orientation;
use wgpu::util::DeviceExt;

const JPEG_COUNT: Kernel = Kernel::fixed(
    "jpegCount",
    concat!(
        include_str!("../../shaders/frames/planes.wgsl"),
        include_str!("../../shaders/frames/count.wgsl")
    ),
    "JPEG planes counted",
);

/// Whether `spec`'s bins fit one workgroup's memory on `gpu`, as count.wgsl
/// keeps them; where not, a picture is made and counted by a run.
pub fn counts_planes(gpu: &Gpu, spec: Spec) -> bool {
    spec.len() as u64 * 4 <= gpu.limits().max_compute_workgroup_storage_size as u64
}

/// The histograms of baseline JPEGs decoded on the GPU, in their order: each
/// one's counts, or why the CPU's decoder should have it (too large, damaged, a
/// coefficient past an 8-bit picture's). As many in one batch (one submission,
/// one read back) as `batches` says. Only where
/// `counts_planes` says so.
pub async fn count_scans(
    gpu: &Gpu,
    kernels: &mut Kernels,
    scans: &[&Scan],
    spec: Spec,
) -> Vec<Result<Histogram, GpuError>> {
    let mut results = Vec::with_capacity(scans.len());
    for batch in batches(gpu, scans, |scan| &scan.frame) {
        results.extend(count_batch(gpu, kernels, batch, spec).await);
    }
    results
}

/// `count_scans`' pictures whose coefficients fit one binding.
async fn count_batch(
    gpu: &Gpu,
    kernels: &mut Kernels,
    scans: &[&Scan],
    spec: Spec,
) -> Vec<Result<Histogram, GpuError>> {
    let counted = async {
        let (batch, decoded, places) = decode_batch(gpu, scans, None)?;
        // Each picture the GPU took: its planes after the one before's (a word
        // aligned), its components for the IDCT, its layout for the count.
        let (mut parts, mut layouts, mut flags, mut len) = (vec![], vec![], vec![], 0u64);
        let mut wide = 1;
        for (place, scan) in places.iter().zip(scans) {
            let Ok(at) = place else { continue };
            let placed = &batch.placed[*at];
            let turn = Orientation::NoTransforms;
            let layout = jpeg_coefficients::layout(&scan.frame, placed.dims, turn);
            let base = len as u32;
            len += planes_len(&layout, placed.dims).next_multiple_of(4);
            parts.extend(components(
                placed.dims,
                placed.first_block,
                placed.table,
                &layout,
                base,
            ));
            layouts.push(layout_words(&layout, base, [0, 0]));
            flags.push(placed.flag as usize);
            wide = wide.max(privatized_groups([layout.width, layout.height], 65535));
        }
        let limit = gpu.limits().max_storage_buffer_binding_size;
        if len + 4 > limit.min(u32::MAX as u64) {
            return Err(GpuError(format!(
                "the batch's planes are {} MB; this GPU binds at most {} MB",
                len >> 20,
                limit >> 20
            )));
        }
        let device = &gpu.device;
        let buffer = |label, size: u64, usage| -> Owned<wgpu::Buffer> {
            let size = size.max(16);
            let descriptor = wgpu::BufferDescriptor {
                label: Some(label),
                size,
                usage,
                mapped_at_creation: false,
            };
            device.create_buffer(&descriptor).into()
        };
        // A spare word after the planes, as planes.wgsl reads them (planes.rs);
        // kept between batches where large, as the coefficients are. The IDCT
        // writes every plane's every block before the count reads them.
        let planes = gpu.kept.take(device, "jpeg planes", len + 4);
        let each = spec.len() as u64 * 4;
        let count_bytes = each * layouts.len() as u64;
        let copy = wgpu::BufferUsages::COPY_SRC;
        let counts = buffer(
            "jpeg counts",
            count_bytes,
            wgpu::BufferUsages::STORAGE | copy,
        );
        let read_usage = wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST;
        let flag_bytes = decoded.flags.size();
        let read = buffer("jpeg counts read", count_bytes + flag_bytes, read_usage);
        let mut recording = Recording::new(gpu);
        let idct_buffers = [&*decoded.coefficients, &*decoded.quant, &*planes];
        idct(gpu, &mut recording, idct_buffers, &parts);
        if !layouts.is_empty() {
            let table: Owned<wgpu::Buffer> = device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("jpeg layouts"),
                    contents: bytemuck::cast_slice(&layouts),
                    usage: wgpu::BufferUsages::STORAGE,
                })
                .into();
            let chunk = ChunkShape::default();
            let pipeline = kernels.pipeline_at(gpu, JPEG_COUNT, spec, chunk, ("count", None));
            let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("jpeg count"),
                layout: &pipeline.get_bind_group_layout(0),
                entries: &[(0, &*planes), (3, &*table), (4, &*counts)].map(|(binding, b)| {
                    wgpu::BindGroupEntry {
                        binding,
                        resource: b.as_entire_binding(),
                    }
                }),
            });
            let mut pass = recording.encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(wide, layouts.len() as u32, 1);
            drop(pass);
            recording
                .encoder
                .copy_buffer_to_buffer(&counts, 0, &read, 0, count_bytes);
            recording.keep.push(table);
        }
        let copies = &mut recording.encoder;
        copies.copy_buffer_to_buffer(&decoded.flags, 0, &read, count_bytes, flag_bytes);
        recording.keep.push(counts);
        let submitted = gpu.scoped(|| recording.submit(gpu)).await?;
        let words = gpu.read_words(&read, Some(submitted)).await?;
        let (counted, flag_words) = words.split_at(count_bytes as usize / 4);
        let mut taken = counted.chunks_exact(spec.len()).zip(flags);
        Ok(places
            .into_iter()
            .map(|place| {
                place?;
                let (counts, flag) = taken.next().expect("a count for each picture taken");
                match flag_error(flag_words[flag]) {
                    Some(why) => Err(why),
                    None => Ok(Histogram::from_counts(spec, counts.to_vec())),
                }
            })
            .collect::<Vec<_>>())
    };
    match counted.await {
        Ok(results) => results,
        Err(e) => scans.iter().map(|_| Err(e.clone())).collect(),
    }
}
