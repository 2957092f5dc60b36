// One invocation per pixel, with atomicAdd: the read-add-write on a bin happens as
// one indivisible step, so no increment is lost. Correct, but every pixel of a
// colour queues on the same memory word.

@group(0) @binding(0) var<storage, read_write> bins: array<atomic<u32>>;
@group(0) @binding(1) var ourTexture: texture_2d<f32>;
@group(0) @binding(2) var<uniform> band: Band;

@compute @workgroup_size(chunkWidth, chunkHeight) fn cs(@builtin(global_invocation_id) global_invocation_id: vec3u) {
  let position = global_invocation_id.xy;
  if (all(position < band.size)) {
    let rgb = rgb8(textureLoad(ourTexture, band.origin + position, 0));
    for (var ch = 0u; ch < channels; ch++) {
      atomicAdd(&bins[binOf(rgb, ch) * channels + ch], 1u);
    }
  }
}
