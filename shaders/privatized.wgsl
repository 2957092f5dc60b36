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
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  // Workgroups take rows in turn; a workgroup's invocations read consecutive pixels
  // of its row (coalesced loads, and no division to find a pixel's position).
  for (var y = workgroup_id.x; y < band.size.y; y += num_workgroups.x) {
    for (var x = local_invocation_index; x < band.size.x; x += workgroupSize) {
      let rgb = rgb8(textureLoad(ourTexture, band.origin + vec2u(x, y), 0));
      for (var ch = 0u; ch < channels; ch++) {
        atomicAdd(&bins[binOf(rgb, ch) * channels + ch], 1u);
      }
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
