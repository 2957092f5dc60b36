// The tables of a global adjustment, made on the GPU from the histogram every frame
// (nothing read back): 1 equalized luma (a new level per luma bin), 2 auto-levels
// (a new level per value of R, G and B), 3 Otsu's threshold (in the first entry).
// picture.wgsl remaps through them. The histogram has 256 bins of R, G, B and
// luminance, interleaved; 256 entries are a short loop, so one invocation does it.
// The arithmetic is in integers where they hold it, so the tables equal those of
// the CPU reference (src/adjust.rs).

override adjustment: u32;

struct Params {
  // Auto-levels' percentiles in hundredths of a percent, and whether the three
  // channels share one stretch.
  low: u32,
  high: u32,
  linked: u32,
};

@group(0) @binding(0) var<storage, read> bins: array<u32>;
@group(0) @binding(1) var<storage, read_write> tables: array<f32>;
@group(0) @binding(2) var<uniform> params: Params;

fn count(b: u32, ch: u32) -> u32 {
  return bins[b * 4u + ch];
}

// (cdf - cdfMin) / (n - cdfMin) * 255, rounded half up: exact in integers up to 2^23
// pixels, in floats (within a level) above.
fn equalized(cdf: u32, cdfMin: u32, n: u32) -> f32 {
  let a = cdf - cdfMin;
  let d = n - cdfMin;
  if (n <= 8388608u) {
    return f32((a * 510u + d) / (2u * d));
  }
  return clamp(floor(f32(a) * 255.0 / f32(d) + 0.5), 0.0, 255.0);
}

fn equalize() {
  var n = 0u;
  var cdfMin = 0u;
  for (var b = 0u; b < 256u; b++) {
    let c = count(b, 3u);
    if (n == 0u) {
      cdfMin = c;
    }
    n += c;
  }
  var cdf = 0u;
  for (var b = 0u; b < 256u; b++) {
    cdf += count(b, 3u);
    if (n == cdfMin) {
      tables[b] = f32(b);
    } else {
      tables[b] = equalized(max(cdf, cdfMin), cdfMin, n);
    }
  }
}

// Pixels of channel `ch` (3: R, G and B together).
fn bin(b: u32, ch: u32) -> u32 {
  if (ch == 3u) {
    return count(b, 0u) + count(b, 1u) + count(b, 2u);
  }
  return count(b, ch);
}

// The smallest level with at least `hundredths` / 10000 of the pixels at or below
// it: rank ceil(n * p), computed without overflow.
fn percentile(ch: u32, hundredths: u32) -> u32 {
  var n = 0u;
  for (var b = 0u; b < 256u; b++) {
    n += bin(b, ch);
  }
  let rank = max((n / 10000u) * hundredths + ((n % 10000u) * hundredths + 9999u) / 10000u, 1u);
  var seen = 0u;
  for (var b = 0u; b < 256u; b++) {
    seen += bin(b, ch);
    if (seen >= rank) {
      return b;
    }
  }
  return 255u;
}

fn levels() {
  for (var c = 0u; c < 3u; c++) {
    let source = select(c, 3u, params.linked != 0u);
    let lo = f32(percentile(source, params.low));
    let hi = f32(percentile(source, params.high));
    for (var v = 0u; v < 256u; v++) {
      var to = f32(v);
      if (hi > lo) {
        to = clamp(floor((f32(v) - lo) * 255.0 / (hi - lo) + 0.5), 0.0, 255.0);
      }
      tables[c * 256u + v] = to;
    }
  }
}

// The level maximizing the between-class variance of luma's classes ..=t and t+1..
fn otsu() {
  var n = 0.0;
  var total = 0.0;
  for (var b = 0u; b < 256u; b++) {
    n += f32(count(b, 3u));
    total += f32(b) * f32(count(b, 3u));
  }
  var w0 = 0.0;
  var sum0 = 0.0;
  var best = -1.0;
  var bestT = 0u;
  for (var t = 0u; t < 256u; t++) {
    let c = f32(count(t, 3u));
    w0 += c;
    sum0 += f32(t) * c;
    let w1 = n - w0;
    if (w0 == 0.0 || w1 == 0.0) {
      continue;
    }
    // Probabilities, so the products stay small in 32-bit floats.
    let m0 = sum0 / w0;
    let m1 = (total - sum0) / w1;
    let between = (w0 / n) * (w1 / n) * (m0 - m1) * (m0 - m1);
    if (between > best) {
      best = between;
      bestT = t;
    }
  }
  tables[0] = f32(bestT);
}

@compute @workgroup_size(1) fn cs() {
  switch adjustment {
    case 1u: { equalize(); }
    case 2u: { levels(); }
    default: { otsu(); }
  }
}
