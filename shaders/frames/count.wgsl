
// A batch of JPEGs counted straight from their planes, no picture made: this
// follows planes.wgsl (and common.wgsl's binOf), whose functions give each
// pixel's R, G and B exactly as the picture's texture would hold them. A row of
// workgroups a picture, counted as the privatized kernel counts: in workgroup
// memory, then each non-zero bin added to the picture's own histogram.

@group(0) @binding(3) var<storage, read> pictures: array<Layout>;
@group(0) @binding(4) var<storage, read_write> counts: array<atomic<u32>>;

var<workgroup> bins: array<atomic<u32>, numBins * channels>;

@compute @workgroup_size(256)
fn count(
  @builtin(workgroup_id) group: vec3u,
  @builtin(num_workgroups) groups: vec3u,
  @builtin(local_invocation_index) local: u32,
) {
  let l = pictures[group.y];
  let width = l.size.x;
  let pixels = width * l.size.y;
  // Counted as stored: where a pixel is shown does not change its bin.
  for (var i = group.x * 256u + local; i < pixels; i += groups.x * 256u) {
    let rgb = pixelAt(l, vec2u(i % width, i / width));
    for (var ch = 0u; ch < channels; ch++) {
      atomicAdd(&bins[binOf(rgb, ch) * channels + ch], 1u);
    }
  }
  workgroupBarrier();
  let first = group.y * numBins * channels;
  for (var bin = local; bin < numBins * channels; bin += 256u) {
    let n = atomicLoad(&bins[bin]);
    if (n != 0u) {
      atomicAdd(&counts[first + bin], n);
    }
  }
}
