// One invocation per pixel, each doing a plain read-add-write on the shared bins.
// Two invocations that read the same bin at once both write back count + 1: one
// increment is lost. This kernel is wrong on purpose; atomic.wgsl fixes it.

@group(0) @binding(0) var<storage, read_write> bins: array<u32>;
@group(0) @binding(1) var ourTexture: texture_2d<f32>;
@group(0) @binding(2) var<uniform> band: Band;

@compute @workgroup_size(chunkWidth, chunkHeight) fn cs(@builtin(global_invocation_id) global_invocation_id: vec3u) {
  let position = global_invocation_id.xy;
  if (all(position < band.size)) {
    let rgb = rgb8(textureLoad(ourTexture, band.origin + position, 0));
    for (var ch = 0u; ch < channels; ch++) {
      bins[binOf(rgb, ch) * channels + ch] += 1u;
    }
  }
}
