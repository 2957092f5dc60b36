// One step of a pairwise reduction: chunk i*2*stride += chunk i*2*stride + stride.
// Run with stride 1, 2, 4, ... until chunk 0 holds the sum of all. Each step has
// many workgroups in flight, so the whole GPU helps, unlike sum.wgsl.

struct Reduce {
  stride: u32,
  numChunks: u32,
};

@group(0) @binding(0) var<storage, read_write> chunks: array<array<u32, numBins * channels>>;
@group(0) @binding(1) var<uniform> uni: Reduce;

@compute @workgroup_size(256) fn cs(
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  // One workgroup per pair; the dispatch is 2-D when pairs exceed 65535 per dimension.
  let pair = workgroup_id.y * num_workgroups.x + workgroup_id.x;
  let chunk0 = pair * uni.stride * 2u;
  let chunk1 = chunk0 + uni.stride;
  // With a chunk count that is not a power of two the last chunk may have no
  // partner this step; it is added in a later one. (The article dispatches
  // floor(chunks left / 2) workgroups a step and never meets such a pair; this one
  // dispatches one a pair, rounded up, so the odd chunk's workgroup returns here.)
  if (chunk1 >= uni.numChunks) {
    return;
  }
  for (var i = local_invocation_index; i < numBins * channels; i += 256u) {
    chunks[chunk0][i] += chunks[chunk1][i];
  }
}
