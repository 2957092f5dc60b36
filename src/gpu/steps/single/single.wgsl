// One invocation walks every pixel of the band: correct, and as slow as a GPU gets,
// because one thread of thousands does all the work.

@group(0) @binding(0) var<storage, read_write> bins: array<u32>;
@group(0) @binding(1) var ourTexture: texture_2d<f32>;
@group(0) @binding(2) var<uniform> band: Band;

@compute @workgroup_size(1) fn cs() {
  for (var y = 0u; y < band.size.y; y++) {
    for (var x = 0u; x < band.size.x; x++) {
      let rgb = rgb8(textureLoad(ourTexture, band.origin + vec2u(x, y), 0));
      for (var ch = 0u; ch < channels; ch++) {
        bins[binOf(rgb, ch) * channels + ch] += 1u;
      }
    }
  }
}
