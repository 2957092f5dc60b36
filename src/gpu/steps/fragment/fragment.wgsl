// Counting in a fragment shader (the article's race-fixed-fragment-shader): one
// triangle that covers the viewport, and every fragment it makes does the
// atomicAdd that one compute invocation per pixel did. The rasterizer, not a
// dispatch, hands out the pixels: it packs fragments into full warps, where a
// compute workgroup of one invocation leaves the rest of its warp idle. The
// colour target is never written (writeMask 0): a render pass needs one.

@group(0) @binding(0) var<storage, read_write> bins: array<atomic<u32>>;
@group(0) @binding(1) var ourTexture: texture_2d<f32>;
@group(0) @binding(2) var<uniform> band: Band;

@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  let pos = array(vec2f(-1.0, 3.0), vec2f(-1.0, -1.0), vec2f(3.0, -1.0));
  return vec4f(pos[i], 0.0, 1.0);
}

@fragment fn fs(@builtin(position) fragCoord: vec4f) {
  // The viewport is the band's size, so fragment (x, y) is the band's pixel (x, y).
  let position = vec2u(fragCoord.xy);
  if (all(position < band.size)) {
    let rgb = rgb8(textureLoad(ourTexture, band.origin + position, 0));
    for (var ch = 0u; ch < channels; ch++) {
      atomicAdd(&bins[binOf(rgb, ch) * channels + ch], 1u);
    }
  }
}
