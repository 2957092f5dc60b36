// A JPEG component's blocks, from their quantized DCT coefficients to 8-bit
// samples, exactly as libjpeg-turbo's accurate integer IDCT makes them
// (jidctint.c's jpeg_idct_islow; src/jpeg_coefficients.rs is the CPU twin and
// says the rules): dequantized, columns then rows with 13-bit cosines, then its
// range limit. One invocation a block; its 64 samples written as 16 words of the
// component's plane, which planes.wgsl then upsamples and converts. A row of
// workgroups a component: a batch's pictures, all their components, in one dispatch.
//
// WGSL's i32 arithmetic wraps. The first pass's results fit in 32 bits for the
// coefficients the host lets through (each dequantized within ±4096), so they
// are exact; the second pass's sums may wrap, but the range limit reads only
// bits 18 to 27 of each, which wrapping keeps.

struct Component {
  // Its first block in `coefficients`, its blocks across and down.
  firstBlock: u32,
  blocksWide: u32,
  blocksHigh: u32,
  // Its quantization table: which 64 words of `quant`.
  table: u32,
  // Where its plane starts in `planes` (bytes, a multiple of 4) and its bytes a row.
  planeOffset: u32,
  planeStride: u32,
  spare: vec2u,
};

// Two coefficients a word (i16, the first in the low half), 32 words a block.
@group(0) @binding(0) var<storage, read> coefficients: array<u32>;
// Tables of 64, natural order.
@group(0) @binding(1) var<storage, read> quant: array<u32>;
@group(0) @binding(2) var<storage, read_write> planes: array<u32>;
@group(0) @binding(3) var<storage, read> components: array<Component>;

const CONST_BITS = 13u;
const PASS1_BITS = 2u;

fn descale(x: i32, n: u32) -> i32 {
  return (x + (1i << (n - 1u))) >> n;
}

// One 1-D pass of jpeg_idct_islow over v, descaled by `shift`.
fn idctPass(v: array<i32, 8>, shift: u32) -> array<i32, 8> {
  let z1 = (v[2] + v[6]) * 4433;
  let tmp2 = z1 - v[6] * 15137;
  let tmp3 = z1 + v[2] * 6270;
  let tmp0 = (v[0] + v[4]) << CONST_BITS;
  let tmp1 = (v[0] - v[4]) << CONST_BITS;
  let t10 = tmp0 + tmp3;
  let t13 = tmp0 - tmp3;
  let t11 = tmp1 + tmp2;
  let t12 = tmp1 - tmp2;
  let o0 = v[7];
  let o1 = v[5];
  let o2 = v[3];
  let o3 = v[1];
  let z5 = (o0 + o2 + o1 + o3) * 9633;
  let y1 = -(o0 + o3) * 7373;
  let y2 = -(o1 + o2) * 20995;
  let y3 = -(o0 + o2) * 16069 + z5;
  let y4 = -(o1 + o3) * 3196 + z5;
  let a0 = o0 * 2446 + y1 + y3;
  let a1 = o1 * 16819 + y2 + y4;
  let a2 = o2 * 25172 + y2 + y3;
  let a3 = o3 * 12299 + y1 + y4;
  return array<i32, 8>(
    descale(t10 + a3, shift), descale(t11 + a2, shift), descale(t12 + a1, shift), descale(t13 + a0, shift),
    descale(t13 - a0, shift), descale(t12 - a1, shift), descale(t11 - a2, shift), descale(t10 - a3, shift));
}

// libjpeg's range limit: centred on 128, masked to 10 bits, clamped.
fn rangeLimit(x: i32) -> u32 {
  let m = u32(x) & 1023u;
  if (m < 128u) { return m + 128u; }
  if (m < 512u) { return 255u; }
  if (m < 896u) { return 0u; }
  return m - 896u;
}

@compute @workgroup_size(64) fn cs(
  @builtin(workgroup_id) group: vec3u,
  @builtin(local_invocation_index) local: u32,
  @builtin(num_workgroups) groups: vec3u,
) {
  let component = components[group.y];
  let blocks = component.blocksWide * component.blocksHigh;
  for (var block = group.x * 64u + local; block < blocks; block += groups.x * 64u) {
    idctBlock(component, block);
  }
}

fn idctBlock(component: Component, block: u32) {
  let first = (component.firstBlock + block) * 32u;
  let table = component.table * 64u;
  var work: array<i32, 64>;
  var column: array<i32, 8>;
  for (var c = 0u; c < 8u; c++) {
    for (var r = 0u; r < 8u; r++) {
      let k = r * 8u + c;
      let word = coefficients[first + k / 2u];
      let coefficient = select(i32(word << 16u) >> 16u, i32(word) >> 16u, k % 2u == 1u);
      column[r] = coefficient * i32(quant[table + k]);
    }
    let done = idctPass(column, CONST_BITS - PASS1_BITS);
    for (var r = 0u; r < 8u; r++) {
      work[r * 8u + c] = done[r];
    }
  }
  let x = block % component.blocksWide;
  let y = block / component.blocksWide;
  var row: array<i32, 8>;
  for (var r = 0u; r < 8u; r++) {
    for (var c = 0u; c < 8u; c++) {
      row[c] = work[r * 8u + c];
    }
    let s = idctPass(row, CONST_BITS + PASS1_BITS + 3u);
    let at = (component.planeOffset + (y * 8u + r) * component.planeStride + x * 8u) / 4u;
    planes[at] = rangeLimit(s[0]) | (rangeLimit(s[1]) << 8u) | (rangeLimit(s[2]) << 16u) | (rangeLimit(s[3]) << 24u);
    planes[at + 1u] = rangeLimit(s[4]) | (rangeLimit(s[5]) << 8u) | (rangeLimit(s[6]) << 16u) | (rangeLimit(s[7]) << 24u);
  }
}
