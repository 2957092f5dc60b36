// One workgroup per chunk of chunkWidth x chunkHeight pixels. Its invocations count
// into a histogram in workgroup memory (fast atomics, contended only inside the
// chunk), then copy it out as this chunk's row of the chunks buffer.

const chunkSize = chunkWidth * chunkHeight;

var<workgroup> bins: array<atomic<u32>, numBins * channels>;
@group(0) @binding(0) var<storage, read_write> chunks: array<array<u32, numBins * channels>>;
@group(0) @binding(1) var ourTexture: texture_2d<f32>;
@group(0) @binding(2) var<uniform> band: Band;

@compute @workgroup_size(chunkWidth, chunkHeight, 1)
fn cs(
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(local_invocation_id) local_invocation_id: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  let position = workgroup_id.xy * vec2u(chunkWidth, chunkHeight) + local_invocation_id.xy;
  if (all(position < band.size)) {
    let rgb = rgb8(textureLoad(ourTexture, band.origin + position, 0));
    for (var ch = 0u; ch < channels; ch++) {
      atomicAdd(&bins[binOf(rgb, ch) * channels + ch], 1u);
    }
  }

  workgroupBarrier();

  let chunksAcross = (band.size.x + chunkWidth - 1u) / chunkWidth;
  let chunk = workgroup_id.y * chunksAcross + workgroup_id.x;
  // There may be more bins than invocations: each copies every chunkSize-th one.
  for (var i = local_invocation_index; i < numBins * channels; i += chunkSize) {
    chunks[chunk][i] = atomicLoad(&bins[i]);
  }
}
