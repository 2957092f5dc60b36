// The video page's canvas in one compute pass, where a render pass drew two quads
// (picture.wgsl's frame and draw.wgsl's histograms): each invocation writes one
// pixel of the canvas, bound as a storage texture. Inside a panel it is the bars,
// coloured as the article's fragment shader colours them (channelMult, 16
// colours); elsewhere the frame, sampled as the picture quad samples it. A GPU
// built for compute (an H100) has few graphics units and its render passes crawl;
// the same pixels cost far less as a compute pass (docs/DECISIONS.md, 14).

struct Panel {
  // x, y (down), width and height as fractions of the canvas.
  rect: vec4f,
  channelMult: vec4u,
};

struct Compose {
  // The canvas's unit square (y down) to the frame's texture coordinates.
  matrix: mat4x4f,
  colors: array<vec4f, 16>,
  panels: array<Panel, 2>,
};

@group(0) @binding(0) var frame: texture_2d<f32>;
@group(0) @binding(1) var frameSampler: sampler;
@group(0) @binding(2) var<storage, read> bins: array<u32>;
@group(0) @binding(3) var<storage, read> scale: Scale;
@group(0) @binding(4) var<uniform> uni: Compose;
// bgra8unorm where the canvas is (the GPU core writes the format in).
@group(0) @binding(5) var canvas: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8) fn cs(@builtin(global_invocation_id) id: vec3u) {
  let size = textureDimensions(canvas);
  if (any(id.xy >= size)) {
    return;
  }
  // The pixel's centre, where a render pass would shade it.
  let p = (vec2f(id.xy) + 0.5) / vec2f(size);
  for (var i = 0u; i < 2u; i++) {
    let panel = uni.panels[i];
    // The panel's own coordinates, y up from its foot, as draw.wgsl's quad has them.
    let at = vec2f(p.x - panel.rect.x, panel.rect.y + panel.rect.w - p.y) / panel.rect.zw;
    if (all(at >= vec2f(0.0)) && all(at < vec2f(1.0))) {
      let bin = min(u32(at.x * f32(numBins)), numBins - 1u);
      let heights = vec4f(countsAt(bin)) * scale.scale;
      textureStore(canvas, id.xy, uni.colors[channelMask(heights > vec4f(at.y), panel.channelMult)]);
      return;
    }
  }
  let uv = (uni.matrix * vec4f(p, 0.0, 1.0)).xy;
  var color = vec4f(0.0);
  if (all(uv >= vec2f(0.0)) && all(uv <= vec2f(1.0))) {
    color = textureSampleLevel(frame, frameSampler, uv, 0.0);
  }
  textureStore(canvas, id.xy, color);
}

fn countsAt(bin: u32) -> vec4u {
  let at = bin * channels;
  if (channels == 4u) {
    return vec4u(bins[at], bins[at + 1u], bins[at + 2u], bins[at + 3u]);
  }
  return vec4u(bins[at], 0u, 0u, 0u);
}
