// The studio's histogram panel: the article's quad (draw.wgsl) with what a desktop
// histogram panel adds: counts on a logarithmic scale or cumulative (each bin's
// bar the share of pixels at or under it), and a pinned histogram drawn
// as an outline in its channels' colours over the live one, to compare them (before
// and after, frame against frame, region against whole). Each is scaled to its own
// tallest bin, so shapes compare whatever the pixel counts.

struct Uniforms {
  matrix: mat4x4f,
  colors: array<vec4f, 16>,
  channelMult: vec4u,
  // x: the counts, linear (0), logarithmic (1) or cumulative (2); y: the pinned
  // outline shows.
  style: vec2u,
  // How high the fullest bin reaches, 0..1 of the panel: above it the headroom,
  // and the strip the panel's label sits in on the page.
  reach: f32,
};

@group(0) @binding(0) var<storage, read> bins: array<u32>;
@group(0) @binding(1) var<uniform> uni: Uniforms;
@group(0) @binding(2) var<storage, read> scale: Scale;
@group(0) @binding(3) var<storage, read> pinned: array<u32>;
@group(0) @binding(4) var<storage, read> pinnedScale: Scale;
// The cumulative pass's sums of bins and of pinned (cumulative.wgsl).
@group(0) @binding(5) var<storage, read> cumulative: array<u32>;
@group(0) @binding(6) var<storage, read> pinnedCumulative: array<u32>;

@vertex fn vs(@builtin(vertex_index) vertexIndex: u32) -> VSOutput {
  return placedQuad(vertexIndex, uni.matrix);
}

const CUMULATIVE = 2u;

// A bin's counts, live and pinned, and their sums up to it for the cumulative
// view (WGSL passes no pointers to storage). The linear and logarithmic views
// read no sums and branch on no view in their loop: on a CPU adapter this pass
// runs for every pixel of the panel, every frame.
fn live(bin: u32) -> vec4u {
  let at = bin * channels;
  if (channels == 4u) {
    return vec4u(bins[at], bins[at + 1u], bins[at + 2u], bins[at + 3u]);
  }
  return vec4u(bins[at], 0u, 0u, 0u);
}

fn pinnedAt(bin: u32) -> vec4u {
  let at = bin * channels;
  if (channels == 4u) {
    return vec4u(pinned[at], pinned[at + 1u], pinned[at + 2u], pinned[at + 3u]);
  }
  return vec4u(pinned[at], 0u, 0u, 0u);
}

fn summed(bin: u32) -> vec4u {
  let at = bin * channels;
  if (channels == 4u) {
    return vec4u(cumulative[at], cumulative[at + 1u], cumulative[at + 2u], cumulative[at + 3u]);
  }
  return vec4u(cumulative[at], 0u, 0u, 0u);
}

fn pinnedSummed(bin: u32) -> vec4u {
  let at = bin * channels;
  if (channels == 4u) {
    return vec4u(pinnedCumulative[at], pinnedCumulative[at + 1u], pinnedCumulative[at + 2u], pinnedCumulative[at + 3u]);
  }
  return vec4u(pinnedCumulative[at], 0u, 0u, 0u);
}

// Bar heights, 0..1 of the panel; the fullest bin reaches `reach` (past it: a
// bar cut short, marked, so that one touching the top is never a full one).
fn heights(counts: vec4u, s: Scale) -> vec4f {
  if (uni.style.x != 0u) {
    return uni.reach * log2(1.0 + vec4f(counts)) / log2(1.0 + max(s.tallest, vec4f(1.0)));
  }
  return uni.reach * vec4f(counts) * s.scale;
}

// The cumulative view's: the last bin holds every pixel counted, and reaches it.
fn shares(sums: vec4u, all: vec4u) -> vec4f {
  return uni.reach * vec4f(sums) / max(vec4f(all), vec4f(1.0));
}

@fragment fn fs(fsInput: VSOutput) -> @location(0) vec4f {
  let uv = fsInput.texcoord;
  // About a pixel and a half, in the panel's units, for the outline.
  let line = fwidth(uv) * 1.5;
  let x = uv.x * f32(numBins);
  let bin = min(u32(x), numBins - 1u);
  let px = 2.5 * fwidth(uv.x) * f32(numBins);
  let sums = uni.style.x == CUMULATIVE;
  var tall = vec4f(0.0);
  if (sums) {
    // A cumulative bar is never lone: each pixel shows its own bin.
    tall = shares(summed(bin), summed(numBins - 1u));
  } else {
    // The tallest of the bins under this pixel and two either side: a lone full
    // bin (Otsu's black and white, a spike) is never thinner than five pixels,
    // and with more bins than pixels none is skipped.
    let first = u32(max(x - px, 0.0));
    let last = min(u32(x + px), numBins - 1u);
    let step = max((last - first) / 32u, 1u);
    for (var b = first; b <= last; b += step) {
      tall = max(tall, heights(live(b), scale));
    }
  }
  let bits = min(tall, vec4f(uni.reach)) > vec4f(uv.y);
  var color = uni.colors[channelMask(bits, uni.channelMult)];
  // A bar cut at its reach (the article's scale lets a spike over a flat histogram
  // run past it): a light cap over its last few pixels, under the label's strip.
  let cut = channelMask(tall > vec4f(uni.reach * 1.0001), uni.channelMult);
  if (cut != 0u && uv.y <= uni.reach && uv.y > uni.reach - 4.0 * line.y) {
    color = vec4f(mix(uni.colors[cut].rgb, vec3f(1.0), 0.7), 1.0);
  }
  if (uni.style.y != 0u) {
    // The pinned bars' outline: their tops, and the steps between neighbours at a
    // bin's left edge.
    let before = max(bin, 1u) - 1u;
    var top = vec4f(0.0);
    var left = vec4f(0.0);
    if (sums) {
      let all = pinnedSummed(numBins - 1u);
      top = shares(pinnedSummed(bin), all);
      left = shares(pinnedSummed(before), all);
    } else {
      top = heights(pinnedAt(bin), pinnedScale);
      left = heights(pinnedAt(before), pinnedScale);
    }
    top = min(top, vec4f(uni.reach));
    left = min(left, vec4f(uni.reach));
    let atEdge = fract(x) < line.x * f32(numBins);
    let low = select(top, min(top, left), atEdge) - line.y;
    let high = select(top, max(top, left), atEdge) + line.y;
    let onLine = (vec4f(uv.y) >= low) & (vec4f(uv.y) <= high);
    let mask = channelMask(onLine, uni.channelMult);
    if (mask != 0u) {
      color = vec4f(mix(uni.colors[mask].rgb, vec3f(1.0), 0.45), 1.0);
    }
  }
  return color;
}
