// Beyond the article: the privatized single pass over pixels in a storage buffer,
// four RGBA8 pixels per 16-byte load, with no texture sampling and no float
// conversion (the bytes are the channel values). To spread contention, each
// workgroup keeps `copies` interleaved copies of its histogram; invocation i counts
// into copy i % copies, so a one-colour image queues on `copies` words, not one.

const workgroupSize = 256u;
const copies = 4u;

var<workgroup> bins: array<atomic<u32>, numBins * channels * copies>;
@group(0) @binding(0) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read> pixels: array<vec4u>;
@group(0) @binding(2) var<uniform> band: Band;

fn countPixel(pixel: u32, copy: u32) {
  let rgb = vec3u(pixel & 0xffu, (pixel >> 8u) & 0xffu, (pixel >> 16u) & 0xffu);
  for (var ch = 0u; ch < channels; ch++) {
    atomicAdd(&bins[(binOf(rgb, ch) * channels + ch) * copies + copy], 1u);
  }
}

@compute @workgroup_size(workgroupSize)
fn cs(
  @builtin(global_invocation_id) global_invocation_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  let count = band.size.x * band.size.y;
  let quads = count / 4u;
  let copy = local_invocation_index % copies;
  for (var i = global_invocation_id.x; i < quads; i += num_workgroups.x * workgroupSize) {
    let quad = pixels[i];
    countPixel(quad.x, copy);
    countPixel(quad.y, copy);
    countPixel(quad.z, copy);
    countPixel(quad.w, copy);
  }
  // The last count % 4 pixels (the buffer is padded to whole quads).
  if (workgroup_id.x == 0u && local_invocation_index < count % 4u) {
    countPixel(pixels[quads][local_invocation_index], copy);
  }

  workgroupBarrier();

  for (var bin = local_invocation_index; bin < numBins * channels; bin += workgroupSize) {
    var total = 0u;
    for (var c = 0u; c < copies; c++) {
      total += atomicLoad(&bins[bin * copies + c]);
    }
    if (total != 0u) {
      atomicAdd(&result[bin], total);
    }
  }
}
