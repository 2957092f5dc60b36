// HDR: floating-point pictures counted in their own units (src/hdr.rs has the
// rule): R, G, B over [0, max], luminance in stops against a table of edges, and
// what lies outside or is not a number counted apart. Two passes: `csRange` finds
// the data's own range (its largest sample, its least and largest positive Y),
// `csCount` counts. Floats stay floats: the samples come as RGBA f32.
//
// Positive finite floats order as their bits do, so the range pass takes atomic
// max and min of the bits. Nothing here is tuned: every count is a global
// atomicAdd (HDR frames are not yet counted live).

const workgroupSize = 256u;

struct Hdr {
  // The picture's rows' length in pixels.
  width: u32,
  // numBins / max, the one f32 every device multiplies a sample by.
  scale: f32,
  max: f32,
};

@group(0) @binding(0) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read> pixels: array<vec4f>;
@group(0) @binding(2) var<uniform> band: Band;
@group(0) @binding(3) var<uniform> hdr: Hdr;
// numBins + 1 edges of the stops' bins: 2^lo, the inner ones, 2^hi.
@group(0) @binding(4) var<storage, read> edges: array<f32>;

// Not NaN and not infinite, read from the bits (WGSL has no isNan, and a compiler
// may assume no float is one).
fn finite(v: vec3f) -> bool {
  let exponent = bitcast<vec3u>(v) & vec3u(0x7f800000u);
  return all(exponent != vec3u(0x7f800000u));
}

fn luminanceOf(c: vec3f) -> f32 {
  return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

fn pixelAt(i: u32) -> vec3f {
  let at = band.origin + vec2u(i % band.size.x, i / band.size.x);
  return pixels[at.y * hdr.width + at.x].rgb;
}

// The range pass: result[0] the largest sample's bits, result[1] and result[2]
// the least and largest positive Y's (result[1] starts at +infinity's bits).
@compute @workgroup_size(workgroupSize)
fn csRange(
  @builtin(global_invocation_id) global_invocation_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
) {
  let count = band.size.x * band.size.y;
  let stride = num_workgroups.x * workgroupSize;
  for (var i = global_invocation_id.x; i < count; i += stride) {
    let c = pixelAt(i);
    if (!finite(c)) {
      continue;
    }
    let top = max(max(c.r, c.g), c.b);
    if (top > 0.0) {
      atomicMax(&result[0], bitcast<u32>(top));
    }
    let y = luminanceOf(c);
    if (y > 0.0) {
      atomicMin(&result[1], bitcast<u32>(y));
      atomicMax(&result[2], bitcast<u32>(y));
    }
  }
}

// Where the counts apart sit, after the 4 x numBins interleaved bins: below[4],
// above[4], aboveOne[4], invalid.
const below = 4u * numBins;
const above = below + 4u;
const aboveOne = above + 4u;
const invalid = aboveOne + 4u;

// The stops' bin of a Y within [2^lo, 2^hi]: how many inner edges lie at or below it.
fn stopsBin(y: f32) -> u32 {
  var a = 0u;
  var b = numBins - 1u;
  while (a < b) {
    let m = (a + b) / 2u;
    if (edges[m + 1u] <= y) {
      a = m + 1u;
    } else {
      b = m;
    }
  }
  return a;
}

@compute @workgroup_size(workgroupSize)
fn csCount(
  @builtin(global_invocation_id) global_invocation_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
) {
  let count = band.size.x * band.size.y;
  let stride = num_workgroups.x * workgroupSize;
  for (var i = global_invocation_id.x; i < count; i += stride) {
    let c = pixelAt(i);
    if (!finite(c)) {
      atomicAdd(&result[invalid], 1u);
      continue;
    }
    for (var ch = 0u; ch < 3u; ch++) {
      let v = c[ch];
      if (v < 0.0) {
        atomicAdd(&result[below + ch], 1u);
      } else if (v > hdr.max) {
        atomicAdd(&result[above + ch], 1u);
      } else {
        atomicAdd(&result[min(u32(v * hdr.scale), numBins - 1u) * 4u + ch], 1u);
      }
      if (v > 1.0) {
        atomicAdd(&result[aboveOne + ch], 1u);
      }
    }
    let y = luminanceOf(c);
    if (y <= 0.0 || y < edges[0]) {
      atomicAdd(&result[below + 3u], 1u);
    } else if (y > edges[numBins]) {
      atomicAdd(&result[above + 3u], 1u);
    } else {
      atomicAdd(&result[stopsBin(y) * 4u + 3u], 1u);
    }
    if (y > 1.0) {
      atomicAdd(&result[aboveOne + 3u], 1u);
    }
  }
}

// The picture drawn at an exposure, for the studio: each band's rows into their
// place in an 8-bit texture, which is what the studio shows, adjusts and scopes.
struct Expose {
  // The picture's width, and its row of the band's first.
  width: u32,
  first: u32,
  rows: u32,
  // 2^EV: the factor on every linear sample.
  exposure: f32,
  // csExposeCodes's: 1 PQ, 2 HLG; the nits of a sample of 1.0.
  transfer: u32,
  white: f32,
};

@group(0) @binding(5) var display: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(6) var<uniform> expose: Expose;
// The same light as HDR codes, which the scopes count to read it in nits.
@group(0) @binding(7) var codes: texture_storage_2d<rgba8unorm, write>;

// sRGB's transfer function: linear light, clipped to [0, 1] as a display clips
// it, to the code a display expects.
fn encodeSrgb(linear: vec3f) -> vec3f {
  let c = clamp(linear, vec3f(0.0), vec3f(1.0));
  return select(1.055 * pow(c, vec3f(1.0 / 2.4)) - 0.055, 12.92 * c, c <= vec3f(0.0031308));
}

// The light of the band's pixel at `id` times the exposure, 0 to 1e30 (a product
// past f32's range stays finite: `Transfer::encode` clamps alike); a pixel not a
// number, or infinite, black (the count reports them apart).
fn exposedLight(id: vec3u) -> vec3f {
  let c = pixels[id.y * expose.width + id.x].rgb;
  return select(vec3f(0.0), clamp(c * expose.exposure, vec3f(0.0), vec3f(1e30)), finite(c));
}

@compute @workgroup_size(16, 16)
fn csExpose(@builtin(global_invocation_id) id: vec3u) {
  if (id.x >= expose.width || id.y >= expose.rows) {
    return;
  }
  textureStore(display, vec2u(id.x, expose.first + id.y), vec4f(encodeSrgb(exposedLight(id)), 1.0));
}

// src/scope/nits.rs's `Transfer::encode`, in f32: ST 2084's inverse EOTF; or
// HLG's inverse OOTF on its 1000-nit display (gamma 1.2, BT.2100's luminance),
// then its OETF.
fn encodeHdr(nits: vec3f) -> vec3f {
  if (expose.transfer == 1u) {
    let m1 = 2610.0 / 16384.0;
    let m2 = 2523.0 / 4096.0 * 128.0;
    let c1 = 3424.0 / 4096.0;
    let c2 = 2413.0 / 4096.0 * 32.0;
    let c3 = 2392.0 / 4096.0 * 32.0;
    // pow of 0 is undefined in WGSL: a least light instead, which is code 0.
    let y = pow(clamp(nits / 10000.0, vec3f(1e-12), vec3f(1.0)), vec3f(m1));
    return pow((c1 + c2 * y) / (1.0 + c3 * y), vec3f(m2));
  }
  let luminance = dot(nits, vec3f(0.2627, 0.6780, 0.0593));
  if (luminance <= 0.0) {
    return vec3f(0.0);
  }
  let scene = pow(luminance / 1000.0, 1.0 / 1.2);
  let e = min(nits / (1000.0 * pow(scene, 0.2)), vec3f(1.0));
  let a = 0.17883277;
  let b = 1.0 - 4.0 * a;
  let c = 0.5 - a * log(4.0 * a);
  return select(a * log(max(12.0 * e - b, vec3f(1e-30))) + c, sqrt(3.0 * e), e <= vec3f(1.0 / 12.0));
}

// Linear light of BT.709's primaries as BT.2020's, whose codes BT.2100's are
// (BT.2087; src/scope/nits.rs BT709_TO_BT2020): each channel plus its row's
// shares of the others' differences from it, so a grey stays exactly that grey.
fn toBt2020(c: vec3f) -> vec3f {
  return c + vec3f(
    0.3293 * (c.g - c.r) + 0.0433 * (c.b - c.r),
    0.0691 * (c.r - c.g) + 0.0114 * (c.b - c.g),
    0.0164 * (c.r - c.b) + 0.0880 * (c.g - c.b),
  );
}

// csExpose's picture, and its light as HDR codes beside it.
@compute @workgroup_size(16, 16)
fn csExposeCodes(@builtin(global_invocation_id) id: vec3u) {
  if (id.x >= expose.width || id.y >= expose.rows) {
    return;
  }
  let light = exposedLight(id);
  let at = vec2u(id.x, expose.first + id.y);
  textureStore(display, at, vec4f(encodeSrgb(light), 1.0));
  textureStore(codes, at, vec4f(encodeHdr(toBt2020(light) * expose.white), 1.0));
}
