// Waveform: for every pixel column, the histogram of its R, G, B and luminance,
// 256 levels each. A 4K frame has 3840 x 4 x 256 bins (15 MB), a thousand times
// the 16 KB of workgroup memory WebGPU promises, so no workgroup can hold them
// all as the privatized kernel does. Columns are split among workgroups instead:
// each owns `columnsPerGroup` whole columns and walks every row of them, so no
// other workgroup ever touches its bins. It counts in workgroup memory and writes
// them out with plain stores: no atomics on the result at all.
//
// 4 columns x 4 channels x 256 levels is 4096 counts; two 16-bit counts share a
// word (a band has at most 65535 rows, so none overflows), which is 8 KB. Four
// columns are a texture sector's width, so no two workgroups fetch one sector
// (with 1 column a 4K frame took 69 us on an H100). Each invocation loads four
// rows before it counts them, to keep reads in flight: 4 columns took 42 us
// loading one row at a time and 34.8 this way; 2 columns, as it was, 37.6
// (docs/DECISIONS.md, 20).
//
// Neighbouring columns hold nearly the same levels, and each (column, channel)
// slot is 128 words long, a multiple of workgroup memory's 32 banks: the columns
// a warp counts at once would all hit one bank. So each slot's words are rotated
// by its own number (`slotWord`): the same level lands in different banks. On an
// H100 a 4K photo's waveform went from 75 to 52 us (docs/DECISIONS.md, 20).
//
// A video frame converted from YUV keeps each pixel's Y′ byte in alpha
// (yuv.wgsl): with `decodedLuma` the luminance channel counts that byte, the
// video's own levels (16 black, 235 white, and whatever lies past them), instead
// of luminance computed from the clipped R′G′B′.

const workgroupSize = 256u;
const columnsPerGroup = 4u;
const levels = 256u;
const binsPerColumn = levels * 4u;

// The part of a texture one dispatch counts, and where its columns go.
struct ScopeBand {
  origin: vec2u,
  size: vec2u,
  // The waveform column of the band's first pixel column.
  column: u32,
  // 1 when an earlier band counted these columns: add to the result.
  accumulate: u32,
  // 1 when the result keeps two 16-bit counts a word, as workgroup memory does
  // (a picture counted in one band, at most 65535 rows): half the bytes to write.
  // The result is 15.7 MB for a 4K frame as 32-bit counts, half the 33 MB read.
  packed: u32,
  // 1: luminance is the Y′ byte in alpha (a frame from YUV).
  decodedLuma: u32,
};

var<workgroup> bins: array<atomic<u32>, columnsPerGroup * binsPerColumn / 2u>;

// The word of `slot` (column * 4 + channel) that holds level pair `pair`: the
// pairs of a slot in their own order, xor its number. Its own inverse.
fn slotWord(slot: u32, pair: u32) -> u32 {
  return slot * (levels / 2u) + (pair ^ (slot & 31u));
}
// A pixel's four levels: R, G, B and luminance, or its Y′ byte where `decoded`.
fn levelsOf(color: vec4f, decoded: bool) -> vec4u {
  let rgb = rgb8(color);
  return vec4u(rgb, select(binOf(rgb, 3u), u32(color.a * 255.0 + 0.5), decoded));
}

// One pixel of column `local` added to its four channels' counts.
fn countPixel(local: u32, color: vec4f, decoded: bool) {
  let counted = levelsOf(color, decoded);
  for (var ch = 0u; ch < 4u; ch++) {
    let level = counted[ch];
    atomicAdd(&bins[slotWord(local * 4u + ch, level / 2u)], 1u << ((level & 1u) * 16u));
  }
}

@group(0) @binding(0) var<storage, read_write> result: array<u32>;
@group(0) @binding(1) var ourTexture: texture_2d<f32>;
@group(0) @binding(2) var<uniform> band: ScopeBand;

@compute @workgroup_size(workgroupSize)
fn cs(
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  let first = workgroup_id.x * columnsPerGroup;
  // Four neighbouring invocations read four neighbouring pixels of a row. The 64
  // invocations of a column each walk their own stretch of its rows, one 64th of
  // the height, rather than neighbouring rows at a time: neighbouring rows of a
  // picture hold nearly the same values, and atomicAdds on one word at once wait
  // for each other (on an H100, a 4K photo took 132 us that way, 75 us this way,
  // with 8 columns: docs/DECISIONS.md, 20).
  let decoded = band.decodedLuma != 0u;
  let local = local_invocation_index % columnsPerGroup;
  let x = first + local;
  if (x < band.size.x) {
    let segments = workgroupSize / columnsPerGroup;
    let segment = local_invocation_index / columnsPerGroup;
    let rows = (band.size.y + segments - 1u) / segments;
    let end = min((segment + 1u) * rows, band.size.y);
    var y = segment * rows;
    for (; y + 4u <= end; y += 4u) {
      let a = textureLoad(ourTexture, band.origin + vec2u(x, y), 0);
      let b = textureLoad(ourTexture, band.origin + vec2u(x, y + 1u), 0);
      let c = textureLoad(ourTexture, band.origin + vec2u(x, y + 2u), 0);
      let d = textureLoad(ourTexture, band.origin + vec2u(x, y + 3u), 0);
      countPixel(local, a, decoded);
      countPixel(local, b, decoded);
      countPixel(local, c, decoded);
      countPixel(local, d, decoded);
    }
    for (; y < end; y++) {
      countPixel(local, textureLoad(ourTexture, band.origin + vec2u(x, y), 0), decoded);
    }
  }

  workgroupBarrier();

  // Each word holds two neighbouring levels of one column and channel, written out
  // in the result's order.
  let columns = min(columnsPerGroup, band.size.x - first);
  for (var word = local_invocation_index; word < columns * binsPerColumn / 2u; word += workgroupSize) {
    let slot = word / (levels / 2u);
    let pair = atomicLoad(&bins[slotWord(slot, word % (levels / 2u))]);
    if (band.packed != 0u) {
      result[(band.column + first) * binsPerColumn / 2u + word] = pair;
      continue;
    }
    let at = (band.column + first) * binsPerColumn + word * 2u;
    var counts = vec2u(pair & 0xffffu, pair >> 16u);
    if (band.accumulate != 0u) {
      counts += vec2u(result[at], result[at + 1u]);
    }
    result[at] = counts.x;
    result[at + 1u] = counts.y;
  }
}

// Where the GPU is a CPU (SwiftShader, llvmpipe) workgroup memory and its atomics
// are what it emulates worst: the kernel above took 161 ms for a 960x540 frame on
// SwiftShader, 128 of them in its reads. There each invocation owns one column
// outright: it counts the column in its own array, a plain increment per level
// with no atomics and no barrier, and stores it: 7.6 ms (docs/DECISIONS.md, 22). On a real
// GPU that array is local memory and 64 columns are far too few invocations, so
// GPUs keep `cs`.
const columnGroup = 64u;

@compute @workgroup_size(columnGroup)
fn csColumn(@builtin(global_invocation_id) global_invocation_id: vec3u) {
  let x = global_invocation_id.x;
  if (x >= band.size.x) {
    return;
  }
  var counts: array<u32, binsPerColumn>;
  let decoded = band.decodedLuma != 0u;
  for (var y = 0u; y < band.size.y; y++) {
    let level = levelsOf(textureLoad(ourTexture, band.origin + vec2u(x, y), 0), decoded);
    // The four channels written out: a CPU runs a loop over them slower.
    counts[level.r] += 1u;
    counts[levels + level.g] += 1u;
    counts[2u * levels + level.b] += 1u;
    counts[3u * levels + level.a] += 1u;
  }
  if (band.packed != 0u) {
    let pairs = (band.column + x) * binsPerColumn / 2u;
    for (var i = 0u; i < binsPerColumn / 2u; i++) {
      result[pairs + i] = counts[2u * i] | (counts[2u * i + 1u] << 16u);
    }
    return;
  }
  let at = (band.column + x) * binsPerColumn;
  for (var i = 0u; i < binsPerColumn; i++) {
    var n = counts[i];
    if (band.accumulate != 0u) {
      n += result[at + i];
    }
    result[at + i] = n;
  }
}
