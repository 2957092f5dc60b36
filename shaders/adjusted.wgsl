// The histogram of the adjusted picture, counted without drawing it: the
// privatized pass over the picture (privatized.wgsl), each pixel remapped as the
// picture pass shows it (remap.wgsl, in front of this file) before it is counted.
// The studio shows it beside the picture's own histogram.

override adjustment: u32;

const workgroupSize = 256u;

struct Picture {
  size: vec2u,
  tiles: vec2u,
};

var<workgroup> bins: array<atomic<u32>, numBins * channels>;
@group(0) @binding(0) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(1) var picture: texture_2d<f32>;
@group(0) @binding(2) var<storage, read> tables: array<f32>;
@group(0) @binding(3) var<uniform> pic: Picture;

@compute @workgroup_size(workgroupSize)
fn cs(
  @builtin(global_invocation_id) global_invocation_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  let size = pic.size;
  let grid = pic.tiles;
  let count = size.x * size.y;
  let stride = num_workgroups.x * workgroupSize;
  for (var i = global_invocation_id.x; i < count; i += stride) {
    let texel = vec2u(i % size.x, i / size.x);
    let rgb = vec3u(adjusted(rgb8(textureLoad(picture, texel, 0)), texel, size, grid));
    for (var ch = 0u; ch < channels; ch++) {
      atomicAdd(&bins[binOf(rgb, ch) * channels + ch], 1u);
    }
  }

  workgroupBarrier();

  for (var bin = local_invocation_index; bin < numBins * channels; bin += workgroupSize) {
    let c = atomicLoad(&bins[bin]);
    if (c != 0u) {
      atomicAdd(&result[bin], c);
    }
  }
}
