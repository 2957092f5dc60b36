// Single pass, privatized: a fixed grid of workgroups, each invocation striding over
// many pixels and counting into its workgroup's histogram in workgroup memory. At
// the end each workgroup adds its non-zero bins to the result with one atomicAdd
// each. No chunks buffer, no reduction passes, and far fewer workgroups to launch.

const workgroupSize = 256u;

var<workgroup> bins: array<atomic<u32>, numBins * channels>;
@group(0) @binding(0) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(1) var ourTexture: texture_2d<f32>;
@group(0) @binding(2) var<uniform> band: Band;

@compute @workgroup_size(workgroupSize)
fn cs(
  @builtin(global_invocation_id) global_invocation_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  // The band's pixels in reading order, whatever its shape: invocation i counts
  // pixels i, i + stride, i + 2 stride... so neighbouring invocations read
  // neighbouring pixels (coalesced loads). The position steps by the stride, with
  // no division per pixel.
  let width = band.size.x;
  let count = width * band.size.y;
  let stride = num_workgroups.x * workgroupSize;
  let step = vec2u(stride % width, stride / width);
  var i = global_invocation_id.x;
  var position = vec2u(i % width, i / width);
  while (i < count) {
    let rgb = rgb8(textureLoad(ourTexture, band.origin + position, 0));
    for (var ch = 0u; ch < channels; ch++) {
      atomicAdd(&bins[binOf(rgb, ch) * channels + ch], 1u);
    }
    i += stride;
    position += step;
    if (position.x >= width) {
      position = vec2u(position.x - width, position.y + 1u);
    }
  }

  workgroupBarrier();

  for (var bin = local_invocation_index; bin < numBins * channels; bin += workgroupSize) {
    let count = atomicLoad(&bins[bin]);
    if (count != 0u) {
      atomicAdd(&result[bin], count);
    }
  }
}
