// Beyond the article: the privatized single pass over pixels in a storage buffer,
// four RGBA8 pixels per 16-byte load, with no texture sampling and no float
// conversion (the bytes are the channel values). To spread contention, each
// workgroup keeps `copies` interleaved copies of its histogram; invocation i counts
// into copy i % copies, so a one-colour image queues on `copies` words, not one.
//
// Workgroup memory holds one channel after another, each bin's copies side by
// side: a warp counting random bins of one channel then spreads over all 32 banks
// (8 bins x 4 copies) where the result's interleaved order used 8. And each
// invocation loads its next two quads before counting the current two, so loads
// stay in flight during the atomics. All measured: docs/DECISIONS.md, 7.
//
// The GPU core sets the workgroup's size: 512 invocations where a real GPU allows
// it (more warps on a multiprocessor to overlap loads with atomics: on an H100
// 3-14% faster than 256), 256 where the GPU is a CPU.

override workgroupSize: u32 = 256u;
const copies = 4u;

var<workgroup> bins: array<atomic<u32>, numBins * channels * copies>;
@group(0) @binding(0) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read> pixels: array<vec4u>;
@group(0) @binding(2) var<uniform> band: Band;

fn countPixel(pixel: u32, copy: u32) {
  let rgb = vec3u(pixel & 0xffu, (pixel >> 8u) & 0xffu, (pixel >> 16u) & 0xffu);
  for (var ch = 0u; ch < channels; ch++) {
    atomicAdd(&bins[(ch * numBins + binOf(rgb, ch)) * copies + copy], 1u);
  }
}

fn countQuad(quad: vec4u, copy: u32) {
  countPixel(quad.x, copy);
  countPixel(quad.y, copy);
  countPixel(quad.z, copy);
  countPixel(quad.w, copy);
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
  let stride = num_workgroups.x * workgroupSize;
  var i = global_invocation_id.x;
  // Two quads an iteration, a stride apart, and the next two loading while these
  // are counted: twice the loads in flight of one quad at a time.
  var quad = vec4u(0u);
  var quad2 = vec4u(0u);
  if (i < quads) {
    quad = pixels[i];
  }
  if (i + stride < quads) {
    quad2 = pixels[i + stride];
  }
  while (i < quads) {
    let next = i + 2u * stride;
    var nextQuad = vec4u(0u);
    var nextQuad2 = vec4u(0u);
    if (next < quads) {
      nextQuad = pixels[next];
    }
    if (next + stride < quads) {
      nextQuad2 = pixels[next + stride];
    }
    countQuad(quad, copy);
    if (i + stride < quads) {
      countQuad(quad2, copy);
    }
    quad = nextQuad;
    quad2 = nextQuad2;
    i = next;
  }
  // The last count % 4 pixels (the buffer is padded to whole quads).
  if (workgroup_id.x == 0u && local_invocation_index < count % 4u) {
    countPixel(pixels[quads][local_invocation_index], copy);
  }

  workgroupBarrier();

  for (var r = local_invocation_index; r < numBins * channels; r += workgroupSize) {
    // The result interleaves the channels (neighbouring invocations add to
    // neighbouring words); workgroup memory keeps them apart.
    let bin = (r % channels) * numBins + r / channels;
    var total = 0u;
    for (var c = 0u; c < copies; c++) {
      total += atomicLoad(&bins[bin * copies + c]);
    }
    if (total != 0u) {
      atomicAdd(&result[r], total);
    }
  }
}
