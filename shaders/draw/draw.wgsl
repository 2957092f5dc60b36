// Draws histograms as one quad, as the article does: the fragment shader finds its
// bin from the texture coordinate, compares each channel's bar height with its own
// height, packs the answers into a 4-bit mask (channelMult picks which channels
// count) and looks up one of 16 colours. No bins leave the GPU.

struct Uniforms {
  matrix: mat4x4f,
  colors: array<vec4f, 16>,
  channelMult: vec4u,
};

@group(0) @binding(0) var<storage, read> bins: array<u32>;
@group(0) @binding(1) var<uniform> uni: Uniforms;
@group(0) @binding(2) var<storage, read> scale: Scale;

// The unit square (quad.wgsl), placed on the target by the matrix.
@vertex fn vs(@builtin(vertex_index) vertexIndex: u32) -> VSOutput {
  return placedQuad(vertexIndex, uni.matrix);
}

@fragment fn fs(fsInput: VSOutput) -> @location(0) vec4f {
  let bin = min(u32(fsInput.texcoord.x * f32(numBins)), numBins - 1u);
  // The bins read one by one, not in a loop over channels: SwiftShader spends half
  // as long again on the histogram quads with the loop.
  let at = bin * channels;
  var counts = vec4u(bins[at], 0u, 0u, 0u);
  if (channels == 4u) {
    counts = vec4u(bins[at], bins[at + 1u], bins[at + 2u], bins[at + 3u]);
  }
  let heights = vec4f(counts) * scale.scale;
  return uni.colors[channelMask(heights > vec4f(fsInput.texcoord.y), uni.channelMult)];
}
