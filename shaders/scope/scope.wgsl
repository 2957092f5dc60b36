// Drawing a scope from its counts, on the GPU: a quad over the panel whose
// fragments read the bins they cover. The same rules as the CPU drawing
// (src/scope.rs): brightness from the count (linear or logarithmic, times a
// gain) against a reference count; the graticule where it is brighter.
//
// waveform (kind 0): x = column, y = level (0 at the bottom), the shown channels
// added in their colours; parade (kind 1): the shown channels' waveforms side by
// side, luminance first (src/scope.rs parade_order); vectorscope (kind 2): x = Cb,
// y = Cr, each cell lit in its own hue, the code plane `magnification` times the
// panel's width about its middle (a margin at 1x: src/scope.rs vectorscope_side).

struct ScopeView {
  matrix: mat4x4f,
  // The colour bars' (cb, cr) codes, two to a vec4f: six at 75%, six at 100%.
  targets: array<vec4f, 6>,
  kind: u32,
  // Bit k: channel k shows (R, G, B, luminance).
  shown: u32,
  log: u32,
  // Waveform: its columns. Vectorscope: its grid's side.
  columns: u32,
  // The panel's size in pixels.
  panel: vec2f,
  gain: f32,
  // The count drawn at full brightness with gain 1.
  reference: f32,
  // 1 when the waveform's counts are two 16-bit counts a word (waveform.wgsl).
  packed: u32,
  // The vectorscope's code plane's width in panel widths.
  magnification: f32,
  // 1 when the waveform's luminance is Y′ as decoded: the graticule marks video
  // levels (16 and 235 are 0 and 100%) and tints the levels past them.
  videoLevels: u32,
  // 1 when the vectorscope's chroma is read by BT.2020's matrix (HDR codes):
  // its cells' hues and its targets (src/scope/vectorscope `Matrix`).
  bt2020: u32,
  // The graticule's levels (src/scope/plot.rs `Graticule`: every 10% of full
  // range or of video levels, or HDR codes' nits), padded with its top line;
  // and the HDR reference white's level (none: past 255), drawn brighter.
  lines: array<vec4u, 3>,
  white: u32,
};

@group(0) @binding(0) var<storage, read> counts: array<u32>;
@group(0) @binding(1) var<uniform> view: ScopeView;

const levels = 256u;
const graticule = vec3f(0.55, 0.42, 0.16);
// The skin-tone line's direction: 123 degrees from +Cb (src/scope.rs), its cosine
// and sine written out (a fragment shader computing them costs a CPU-run GPU).
const skinTone = vec2f(-0.54463904, 0.83867057);
// A graticule line's half-width in pixels (src/scope.rs LINE_HALF).
const lineHalf = 0.51;
// At most this many bins are read a side for one fragment of a shrunk scope.
const maxSamples = 16u;

@vertex fn vs(@builtin(vertex_index) vertexIndex: u32) -> VSOutput {
  return placedQuad(vertexIndex, view.matrix);
}

// Channel ch's colour: red, green, blue, white for luminance. (Not a constant
// array indexed by ch: each fragment would copy it, which a CPU-run GPU pays for.)
fn colour(ch: u32) -> vec3f {
  return select(vec3f(f32(ch == 0u), f32(ch == 1u), f32(ch == 2u)), vec3f(1.0), ch == 3u);
}

fn brightness(count: f32) -> f32 {
  let reference = max(view.reference, 1.0);
  var v = count / reference;
  if (view.log != 0u) {
    v = log2(1.0 + count) / log2(1.0 + reference);
  }
  return clamp(v * view.gain, 0.0, 1.0);
}

// The bins [first, last) of `n` under a fragment at `t` (0..1) that is `pixels`
// wide: one bin when the scope is drawn larger than its bins.
fn covered(t: f32, pixels: f32, n: u32) -> vec2u {
  let span = f32(n) / pixels;
  let first = u32(clamp(floor(t * f32(n) - 0.5 * max(span - 1.0, 0.0)), 0.0, f32(n - 1u)));
  let last = u32(clamp(ceil(t * f32(n) + 0.5 * max(span - 1.0, 0.0)), f32(first + 1u), f32(n)));
  return vec2u(first, max(last, first + 1u));
}

// Bin i of the waveform's counts, however the kernel stored them: one word a
// count (packed 0), or two 16-bit counts a word (packed 1). Without a branch,
// which a CPU-run GPU would take both sides of at every count.
fn waveformCount(i: u32) -> u32 {
  let p = view.packed;
  return (counts[i >> p] >> ((i & p) * 16u)) & select(0xffffffffu, 0xffffu, p != 0u);
}

// A waveform channel's light: the count of its covered levels, averaged over
// the covered columns (sampled at most maxSamples of them).
fn waveformLight(ch: u32, columns: vec2u, levelsCovered: vec2u) -> f32 {
  let step = max((columns.y - columns.x) / maxSamples, 1u);
  var total = 0.0;
  var n = 0.0;
  for (var c = columns.x; c < columns.y; c += step) {
    var sum = 0u;
    for (var l = levelsCovered.x; l < levelsCovered.y; l++) {
      sum += waveformCount((c * 4u + ch) * levels + l);
    }
    total += f32(sum);
    n += 1.0;
  }
  return brightness(total / n);
}

// The row (from the bottom, of `pixels`) a level's line is drawn on: the one
// holding the middle of the level, so a line is one pixel thick at any height
// (src/scope/plot.rs `line_row`).
fn lineRows(levels4: vec4u, pixels: f32) -> vec4f {
  return floor((vec4f(levels4) + 0.5) * pixels / f32(levels));
}

// Whether the row at `t` holds a graticule line, as vector compares: a loop over
// an array of scalars cost SwiftShader 8 ms a draw.
fn onWaveformLine(t: f32, pixels: f32) -> bool {
  let row = vec4f(floor(t * pixels));
  return any(lineRows(view.lines[0], pixels) == row) | any(lineRows(view.lines[1], pixels) == row) |
    any(lineRows(view.lines[2], pixels) == row);
}

fn waveform(t: vec2f) -> vec3f {
  var x = t.x;
  var width = view.panel.x;
  var shown = view.shown;
  if (view.kind == 1u) {
    // Parade: a part a shown channel (R, G and B when none is), in the order
    // luminance, R, G, B.
    let mask = select(view.shown, 7u, view.shown == 0u);
    let parts = countOneBits(mask);
    let part = min(u32(x * f32(parts)), parts - 1u);
    x = x * f32(parts) - f32(part);
    width = width / f32(parts);
    let order = vec4u(3u, 0u, 1u, 2u);
    var seen = 0u;
    for (var k = 0u; k < 4u; k++) {
      if ((mask & (1u << order[k])) != 0u) {
        if (seen == part) {
          shown = 1u << order[k];
        }
        seen++;
      }
    }
  }
  let columns = covered(x, width, view.columns);
  let levelsCovered = covered(t.y, view.panel.y, levels);
  var c = vec3f(0.0);
  for (var ch = 0u; ch < 4u; ch++) {
    if ((shown & (1u << ch)) != 0u) {
      c += colour(ch) * waveformLight(ch, columns, levelsCovered);
    }
  }
  if (lineRows(vec4u(view.white), view.panel.y).x == floor(t.y * view.panel.y)) {
    return max(c, referenceWhite);
  }
  if (onWaveformLine(t.y, view.panel.y)) {
    return max(c, graticule);
  }
  // Past video levels: below 16 or above 235 (src/scope.rs OUTSIDE_LEGAL).
  let outside = (levelsCovered.x < 16u) | (levelsCovered.y > 236u);
  return select(c, max(c, vec3f(0.2, 0.04, 0.04)), (view.videoLevels != 0u) & outside);
}

// The colour of chroma (cb, cr) at Y' = 0.5 by the view's matrix, its brightest
// channel at 1.
fn cellHue(cb: f32, cr: f32) -> vec3f {
  let pb = (cb - 128.0) / 255.0;
  let pr = (cr - 128.0) / 255.0;
  let bt2020 = view.bt2020 != 0u;
  let k = select(vec3f(0.2126, 0.7152, 0.0722), vec3f(0.2627, 0.6780, 0.0593), bt2020);
  let d = select(vec2f(1.8556, 1.5748), vec2f(1.8814, 1.4746), bt2020);
  let r = 0.5 + d.y * pr;
  let b = 0.5 + d.x * pb;
  let g = (0.5 - k.x * r - k.z * b) / k.y;
  let c = clamp(vec3f(r, g, b), vec3f(0.0), vec3f(1.0));
  return c / max(max(max(c.r, c.g), c.b), 1e-6);
}

fn onVectorscopeGraticule(cb: f32, cr: f32, half: f32) -> bool {
  let d = vec2f(cb - 128.0, cr - 128.0);
  let radius = 127.5;
  let circle = (abs(length(d) - radius) < half) | any(abs(d) < vec2f(half));
  // The twelve targets' boxes, two to a vec4f: 5 codes from the target, either
  // way. Without branches, which a CPU-run GPU takes on every lane.
  let p = vec4f(cb, cr, cb, cr);
  let h = vec2f(half);
  var boxes = false;
  for (var i = 0u; i < 6u; i++) {
    let off = abs(p - view.targets[i]);
    let edges = vec2f(max(off.x, off.y), max(off.z, off.w));
    boxes = boxes | any(abs(edges - 5.0) < h);
  }
  let along = dot(d, skinTone);
  let across = abs(d.x * skinTone.y - d.y * skinTone.x);
  return circle | boxes | ((along > 0.0) & (along < radius) & (across < half));
}

fn vectorscope(texcoord: vec2f) -> vec3f {
  let n = view.columns;
  // Magnified about the middle, a margin round the code plane, as src/scope.rs
  // draw_vectorscope.
  let zoom = view.magnification;
  let t = 0.5 + (texcoord - 0.5) / zoom;
  let cb = t.x * 256.0 - 0.5;
  let cr = t.y * 256.0 - 0.5;
  // Rows run from the top (+Cr); t.y from the bottom.
  let columns = covered(t.x, view.panel.x * zoom, n);
  let rows = covered(1.0 - t.y, view.panel.y * zoom, n);
  let stepX = max((columns.y - columns.x) / maxSamples, 1u);
  let stepY = max((rows.y - rows.x) / maxSamples, 1u);
  var total = 0.0;
  var samples = 0.0;
  for (var r = rows.x; r < rows.y; r += stepY) {
    for (var c = columns.x; c < columns.y; c += stepX) {
      total += f32(counts[r * n + c]);
      samples += 1.0;
    }
  }
  let inside = all(t >= vec2f(0.0)) & all(t < vec2f(1.0));
  let c = cellHue(cb, cr) * brightness(select(0.0, total / samples, inside));
  return select(c, max(c, graticule), onVectorscopeGraticule(cb, cr, lineHalf * 256.0 / (view.panel.x * zoom)));
}

@fragment fn fs(fsInput: VSOutput) -> @location(0) vec4f {
  if (view.kind == 2u) {
    return vec4f(vectorscope(fsInput.texcoord), 1.0);
  }
  return vec4f(waveform(fsInput.texcoord), 1.0);
}
