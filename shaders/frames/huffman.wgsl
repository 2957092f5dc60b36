// A baseline JPEG's scan entropy-decoded on the GPU, in parallel from many
// starting points (the self-synchronizing decoding of Weißenberger and Schmidt):
// src/jpeg_entropy.rs is the CPU twin and says the format's rules. The scan's
// bits (unstuffed, each restart interval from a byte of its own) are cut into
// stretches; an invocation decodes whole blocks from its stretch's start state
// until it has passed the stretch's end, and leaves the state it reached there.
//
// `sync` runs in rounds: the first of an interval starts where the interval does;
// the others start, in the first round, at their stretch's first bit as if a block
// began there (a guess), and in later rounds where the stretch before them ended.
// A Huffman code resynchronizes within a few codes, so a guess soon falls in step;
// once no start changes in a round, every start is the true one, and `gate` ends
// the rounds: those after it return at once. A stretch keeps checkpoints along the path
// it last decoded: a later round's path that reaches one (the same block boundary,
// the same unit of the MCU) is that path from there on, and takes its end from it
// instead of decoding the rest again. `sums` and `carry` then add up the blocks and
// DC differences of the stretches before each (a scan of the article's reduce
// kind), `firsts` places each stretch's first block from them, and `write` decodes each stretch again from its true start, each block to
// its place, in the layout idct.wgsl reads. No step waits for the host. Every loop
// is bounded; a damaged stream, or one not in step after the last round, sets a
// flag, and the host leaves the file to the CPU.
//
// Many pictures go in one dispatch (a batch): each stretch names its picture, whose
// `Scan` says where its words, tables, coefficients and flags are. A picture's
// stretches are a few thousand invocations, too few to fill a large GPU, and each
// round is as long as a stretch's decoding: in a batch they run side by side, not
// one picture after another.

struct Scan {
  // This picture's flags in `flags`: a damaged or out-of-range block (`write`).
  flag: u32,
  // Blocks an MCU: the luma's (across x down), then one of each chroma.
  units: u32,
  lumaAcross: u32,
  lumaBlocks: u32,
  // Each component's DC and AC tables (slots of `tables`), and blocks across and down.
  dcTables: vec4u,
  acTables: vec4u,
  blocksWide: vec4u,
  blocksHigh: vec4u,
  // MCUs across; where its quantization tables start in `quant`; the byte its
  // data ends before (ones after it).
  mcusWide: u32,
  quantAt: u32,
  end: u32,
  pad: u32,
  // Where each component's blocks start in `out` (blocks).
  planes: vec4u,
};

struct Rounds {
  // Stretches in the batch; the sync round (0: the guesses).
  stretches: u32,
  round: u32,
};

// Each stretch: its first bit, the bit it ends before, 1 if it starts an interval,
// and its picture.
@group(0) @binding(0) var<storage, read> stretches: array<vec4u>;
// The scans' bytes as the files hold them (the host copies them once, unpacked),
// each picture's from a word of its own.
@group(0) @binding(1) var<storage, read> data: array<u32>;
// Eight tables' slots (class x 4 + id) of TABLE_WORDS: a 9-bit lookup (length << 8
// | symbol, 0 past 9 bits), then for lengths 0 to 16 the largest code, the
// smallest, and where its symbols start, then the symbols.
@group(0) @binding(2) var<storage, read> tables: array<i32>;
@group(0) @binding(3) var<uniform> rounds: Rounds;
// Each stretch's start (bit, unit of the MCU) as last decoded from, and what it
// reached: (bit, unit, blocks, damaged codes) and its DC differences summed a
// component; after the stretches' sums, their checkpoints (`checkpoint`).
@group(0) @binding(4) var<storage, read_write> starts: array<vec2u>;
@group(0) @binding(5) var<storage, read> endsBefore: array<vec4u>;
@group(0) @binding(6) var<storage, read_write> ends: array<vec4u>;
@group(0) @binding(7) var<storage, read_write> dcSums: array<vec4i>;
// Starts that changed this round; then each picture's flags (`write`'s bits).
@group(0) @binding(8) var<storage, read_write> flags: array<atomic<u32>>;
@group(0) @binding(9) var<storage, read> scans: array<Scan>;
// 1 while the rounds go on, 0 once one changed no start (`gate`).
@group(0) @binding(10) var<storage, read_write> going: u32;
// Each stretch's blocks (w) and DC differences (xyz) of the stretches before it
// in its workgroup of `sums`; after the stretches' (from `rounds.stretches`
// on), each such workgroup's total, then the totals of those before it (`carry`).
@group(0) @binding(11) var<storage, read_write> prefix: array<vec4i>;
// Each stretch's restart interval, from the host: its first unit (in the scan's
// numbering), the unit and the bit it ends before, its first stretch.
@group(0) @binding(12) var<storage, read> intervals: array<vec4u>;

// The invocation's picture.
var<private> scan: Scan;

const TABLE_WORDS = 512u + 51u + 256u;

// Word i of the data, its first byte highest; bytes past the picture's end, ones.
fn word(i: u32) -> u32 {
  let at = i * 4u;
  if (at >= scan.end) {
    return 0xffffffffu;
  }
  let w = data[i];
  let big = (w >> 24u) | ((w >> 8u) & 0xff00u) | ((w << 8u) & 0xff0000u) | (w << 24u);
  let left = scan.end - at;
  return select(big | (0xffffffffu >> (left * 8u)), big, left >= 4u);
}

// The two words last read, from word `cachedAt` on (none yet: the invocation's
// first read fills them): the codes read one after another, each word read once.
var<private> cachedAt: u32 = 0xffffffffu;
var<private> cached: vec2u;

// 32 bits from bit p on; past the data, ones (as libjpeg fills a cut stream).
fn peek(p: u32) -> u32 {
  let w = p / 32u;
  let o = p % 32u;
  if (w != cachedAt) {
    if (cachedAt != 0xffffffffu && w == cachedAt + 1u) {
      cached = vec2u(cached.y, word(w + 1u));
    } else {
      cached = vec2u(word(w), word(w + 1u));
    }
    cachedAt = w;
  }
  if (o == 0u) {
    return cached.x;
  }
  return (cached.x << o) | (cached.y >> (32u - o));
}

// A symbol of table slot `t` at bit p: (length, symbol); length 0 for a code the
// table lacks.
fn symbol(t: u32, p: u32) -> vec2u {
  let base = t * TABLE_WORDS;
  let bits = peek(p);
  let fast = tables[base + (bits >> 23u)];
  if (fast != 0) {
    return vec2u(u32(fast) >> 8u, u32(fast) & 255u);
  }
  for (var len = 10u; len <= 16u; len++) {
    let code = i32(bits >> (32u - len));
    if (code <= tables[base + 512u + len]) {
      let at = tables[base + 512u + 34u + len] + code - tables[base + 512u + 17u + len];
      return vec2u(len, u32(tables[base + 563u + u32(at)]) & 255u);
    }
  }
  return vec2u(0u, 0u);
}

// The signed value `s` bits `v` code (JPEG's EXTEND).
fn extend(v: u32, s: u32) -> i32 {
  if (s == 0u) {
    return 0;
  }
  if (v < (1u << (s - 1u))) {
    return i32(v) - i32(1u << s) + 1;
  }
  return i32(v);
}

// `s` bits at p, as a number.
fn take(p: u32, s: u32) -> u32 {
  if (s == 0u) {
    return 0u;
  }
  return peek(p) >> (32u - s);
}

// The component of an MCU's unit u.
fn componentOf(u: u32) -> u32 {
  if (u < scan.lumaBlocks) {
    return 0u;
  }
  return u - scan.lumaBlocks + 1u;
}

struct Block {
  // The bit after it; its DC difference; 0 if whole, 1 if damaged.
  next: u32,
  dc: i32,
  damaged: u32,
};

// The AC code of a block at bit p, its coefficient at zigzag index z or past it:
// the bit after it (and its value's bits), the index after it, and its value at
// `at` (0 for none, or where `values` is false: `sync` reads no value bits);
// `state` says whether the block goes on, has ended, or is damaged (a code no
// table has, or a run past the block).
const GOING = 0u;
const ENDED = 1u;
const DAMAGED = 2u;

struct Code {
  next: u32,
  z: u32,
  at: u32,
  value: i32,
  state: u32,
};

fn acCode(t: u32, p: u32, z: u32, values: bool) -> Code {
  let rs = symbol(t, p);
  if (rs.x == 0u) {
    return Code(p, z, 0u, 0, DAMAGED);
  }
  let q = p + rs.x;
  let run = rs.y >> 4u;
  let size = rs.y & 15u;
  if (size == 0u) {
    if (run != 15u) {
      return Code(q, 64u, 0u, 0, ENDED);
    }
    return Code(q, z + 16u, 0u, 0, GOING);
  }
  let at = z + run;
  if (at > 63u) {
    return Code(q, at, 0u, 0, DAMAGED);
  }
  var value = 0;
  if (values) {
    value = extend(take(q, size), size);
  }
  return Code(q + size, at + 1u, at, value, GOING);
}

// The DC code of component c's block at p: the bit after it and its difference,
// or `damaged`.
fn dcCode(c: u32, p: u32) -> Block {
  let code = symbol(scan.dcTables[c], p);
  if (code.x == 0u || code.y > 11u) {
    return Block(p, 0, 1u);
  }
  let q = p + code.x;
  return Block(q + code.y, extend(take(q, code.y), code.y), 0u);
}

// Component c's block at `start`, decoded only to find where it ends (`sync`).
fn block(c: u32, start: u32) -> Block {
  let dc = dcCode(c, start);
  if (dc.damaged != 0u) {
    return dc;
  }
  var code = Code(dc.next, 1u, 0u, 0, GOING);
  // At most 63 codes a block: each moves z on by one or more.
  for (var n = 0u; n < 64u && code.z < 64u; n++) {
    code = acCode(scan.acTables[c], code.next, code.z, false);
    if (code.state == DAMAGED) {
      return Block(code.next, dc.dc, 1u);
    }
  }
  return Block(code.next, dc.dc, 0u);
}

// A stretch's checkpoints: where the path it last decoded first reached each of
// CHECKPOINTS bits spread over it, as (bit, unit, blocks, damaged codes) so far and
// the DC sums so far, two entries of `dcSums` after the stretches' own.
const CHECKPOINTS = 4u;

fn checkpoint(t: u32, k: u32) -> u32 {
  return rounds.stretches + (t * CHECKPOINTS + k) * 2u;
}

// Checkpoint k's bit in stretch s.
fn checkpointBit(s: vec4u, k: u32) -> u32 {
  return s.x + (k + 1u) * ((s.y - min(s.y, s.x)) / (CHECKPOINTS + 1u));
}

@compute @workgroup_size(64) fn sync(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) groups: vec3u) {
  let t = id.x + id.y * groups.x * 64u;
  if (t >= rounds.stretches || going == 0u) {
    return;
  }
  let s = stretches[t];
  var start = vec2u(s.x, 0u);
  if (s.z == 0u && rounds.round > 0u) {
    start = endsBefore[t - 1u].xy;
  }
  if (rounds.round > 0u && all(start == starts[t])) {
    ends[t] = endsBefore[t];
    return;
  }
  scan = scans[s.w];
  if (rounds.round > 0u) {
    atomicAdd(&flags[0], 1u);
  }
  starts[t] = start;
  var p = start.x;
  var u = start.y;
  var blocks = 0u;
  var sums = vec4i(0);
  var damaged = 0u;
  var next = 0u;
  // Each block, or a code no table has, moves a bit on at least: bounded by the
  // stretch's length.
  let most = s.y - min(s.y, p) + 1u;
  for (var n = 0u; n < most && p < s.y; n++) {
    // At the first block boundary past a checkpoint's bit: the path last decoded
    // stood here too, so the rest is its; else this path's checkpoint.
    for (; next < CHECKPOINTS && p >= checkpointBit(s, next); next++) {
      let at = checkpoint(t, next);
      let was = vec4u(dcSums[at]);
      if (rounds.round > 0u && all(was.xy == vec2u(p, u))) {
        // Its end and its checkpoints from here on, counted from this start
        // (u32 and i32 sums wrap).
        let more = vec4u(0u, 0u, blocks - was.z, damaged - was.w);
        let moreDc = sums - dcSums[at + 1u];
        for (var k = next; k < CHECKPOINTS; k++) {
          let later = checkpoint(t, k);
          dcSums[later] = vec4i(vec4u(dcSums[later]) + more);
          dcSums[later + 1u] += moreDc;
        }
        ends[t] = endsBefore[t] + more;
        dcSums[t] += moreDc;
        return;
      }
      dcSums[at] = vec4i(vec4u(p, u, blocks, damaged));
      dcSums[at + 1u] = sums;
    }
    let c = componentOf(u);
    let b = block(c, p);
    if (b.damaged != 0u) {
      // From a guessed start, a code no table has says the guess is wrong: a bit
      // on, the guess tried again there, so that it may still fall in step. On a
      // true start it is damage, which the flag keeps for the host.
      damaged += 1u;
      p += 1u;
      u = 0u;
      continue;
    }
    p = b.next;
    sums[c] += b.dc;
    blocks += 1u;
    u = (u + 1u) % scan.units;
  }
  // The checkpoints not reached: the end, which no later path stops at (it
  // stops before the stretch's end), so that none is left from an older path.
  for (; next < CHECKPOINTS; next++) {
    let at = checkpoint(t, next);
    dcSums[at] = vec4i(vec4u(p, u, blocks, damaged));
    dcSums[at + 1u] = sums;
  }
  ends[t] = vec4u(p, u, blocks, damaged);
  dcSums[t] = sums;
}

// After each later round: the starts it changed counted again from none, and
// once it changed none, the rounds after it do nothing. `going` still 1 after
// the last round says the scan did not fall in step.
@compute @workgroup_size(1) fn gate() {
  if (atomicExchange(&flags[0], 0u) == 0u) {
    going = 0u;
  }
}

// The stretches' sums, a workgroup of SUM_GROUP each, scanned in its memory.
const SUM_GROUP = 256u;
var<workgroup> partial: array<vec4i, SUM_GROUP>;

// `partial` from each invocation's own value to the sum of the values up to and
// including it (each step adds the one `d` before: log2 of SUM_GROUP steps).
fn scanPartial(i: u32) {
  for (var d = 1u; d < SUM_GROUP; d *= 2u) {
    var add = vec4i(0);
    if (i >= d) {
      add = partial[i - d];
    }
    workgroupBarrier();
    partial[i] += add;
    workgroupBarrier();
  }
}

// What stretch t decoded from its true start: its DC differences and blocks (the
// sums wrap, as the host's would).
@compute @workgroup_size(SUM_GROUP) fn sums(@builtin(global_invocation_id) id: vec3u, @builtin(local_invocation_index) i: u32, @builtin(workgroup_id) w: vec3u, @builtin(num_workgroups) groups: vec3u) {
  let t = id.x + id.y * groups.x * SUM_GROUP;
  var own = vec4i(0);
  if (t < rounds.stretches) {
    own = vec4i(dcSums[t].xyz, i32(ends[t].z));
  }
  partial[i] = own;
  workgroupBarrier();
  scanPartial(i);
  if (t < rounds.stretches) {
    prefix[t] = partial[i] - own;
  }
  // A grid's workgroups past the last stretch's (its last row's) keep no total.
  let group = w.x + w.y * groups.x;
  if (i == SUM_GROUP - 1u && group * SUM_GROUP < rounds.stretches) {
    prefix[rounds.stretches + group] = partial[i];
  }
}

// Each workgroup of `sums`' total turned into the totals of those before it, by
// one workgroup: a run of them an invocation, the runs' sums scanned.
@compute @workgroup_size(SUM_GROUP) fn carry(@builtin(local_invocation_index) i: u32) {
  let n = (rounds.stretches + SUM_GROUP - 1u) / SUM_GROUP;
  let each = (n + SUM_GROUP - 1u) / SUM_GROUP;
  let first = min(i * each, n);
  let past = min(first + each, n);
  var own = vec4i(0);
  let totals = rounds.stretches;
  for (var k = first; k < past; k++) {
    own += prefix[totals + k];
  }
  partial[i] = own;
  workgroupBarrier();
  scanPartial(i);
  var sofar = partial[i] - own;
  for (var k = first; k < past; k++) {
    let total = prefix[totals + k];
    prefix[totals + k] = sofar;
    sofar += total;
  }
}

// The DC differences and blocks of the batch's stretches before t.
fn before(t: u32) -> vec4i {
  return prefix[t] + prefix[rounds.stretches + t / SUM_GROUP];
}

// What `write` finds wrong with a picture (its flags word): a damaged block, a
// coefficient past an 8-bit picture's (`keep`), a scan not in step after the last
// round, an interval whose stretches hold fewer blocks than it has.
const DAMAGED_FLAG = 1u;
const PAST_8_BITS = 2u;
const NOT_IN_STEP = 4u;
const TOO_FEW_BLOCKS = 8u;

// Per stretch (`firsts`): the unit (in the scan's numbering) of its first
// block, where its interval's units and bits end (none where its picture is
// refused); and each component's DC value before it.
@group(1) @binding(0) var<storage, read_write> firstUnits: array<vec4u>;
@group(1) @binding(1) var<storage, read_write> dcBefore: array<vec4i>;

// Each stretch's first block and DC values from the sums, its picture flagged
// where its stretches are not what its intervals need.
@compute @workgroup_size(64) fn firsts(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) groups: vec3u) {
  let t = id.x + id.y * groups.x * 64u;
  if (t >= rounds.stretches) {
    return;
  }
  let s = stretches[t];
  let flag = scans[s.w].flag;
  firstUnits[t] = vec4u(0u);
  if (going != 0u) {
    atomicOr(&flags[flag], NOT_IN_STEP);
    return;
  }
  // Its interval's blocks and DC differences before it, and its own.
  let interval = intervals[t];
  let within = before(t) - before(interval.w);
  let reached = ends[t];
  let count = interval.y - interval.x;
  let done = u32(within.w);
  let whole = done >= count || reached.z >= count - done;
  if (reached.w != 0u && !whole) {
    atomicOr(&flags[flag], DAMAGED_FLAG);
    return;
  }
  let lastOfInterval = t + 1u == rounds.stretches || stretches[t + 1u].z == 1u;
  if (lastOfInterval && !whole) {
    atomicOr(&flags[flag], TOO_FEW_BLOCKS);
    return;
  }
  firstUnits[t] = vec4u(interval.x + done, interval.y, interval.z, 0u);
  dcBefore[t] = vec4i(within.xyz, 0);
}
@group(1) @binding(2) var<storage, read_write> out: array<u32>;
@group(1) @binding(3) var<storage, read> quant: array<u32>;

// Zigzag order's natural indices, one a workgroup's invocation: a constant array
// indexed by a variable is copied into each invocation's memory first.
var<workgroup> natural: array<u32, 64>;

// The natural index of zigzag index k: the zigzag runs along the anti-diagonals,
// and its second half is its first turned half a turn.
fn naturalOf(k: u32) -> u32 {
  let turned = k >= 36u;
  let h = select(k, 63u - k, turned);
  var d = 0u;
  for (; d < 7u && (d + 1u) * (d + 2u) / 2u <= h; d++) {
  }
  let j = h - d * (d + 1u) / 2u;
  var r = j;
  var c = d - j;
  if (d % 2u == 0u) {
    r = d - j;
    c = j;
  }
  if (turned) {
    return (7u - r) * 8u + 7u - c;
  }
  return r * 8u + c;
}

// A coefficient of component c's block at word `first` of `out` (as stored, an
// i16: a DC value wraps as libjpeg's JCOEF does), the picture flagged where it
// is past what an 8-bit picture's DCT gives, dequantized (the CPU decodes it).
// `out` starts as zeros (wgpu clears a new buffer) and a block is one
// invocation's: only its nonzero coefficients are written.
fn keep(c: u32, first: u32, k: u32, value: i32) {
  let v = (value << 16u) >> 16u;
  if (abs(v * i32(quant[scan.quantAt + c * 64u + k])) > 4096) {
    atomicOr(&flags[scan.flag], PAST_8_BITS);
  }
  let w = first + k / 2u;
  out[w] = out[w] | ((u32(v) & 0xffffu) << (16u * (k & 1u)));
}

@compute @workgroup_size(64) fn write(@builtin(global_invocation_id) id: vec3u, @builtin(local_invocation_index) i: u32, @builtin(num_workgroups) groups: vec3u) {
  natural[i] = naturalOf(i);
  workgroupBarrier();
  let t = id.x + id.y * groups.x * 64u;
  if (t >= rounds.stretches) {
    return;
  }
  let s = stretches[t];
  scan = scans[s.w];
  var p = starts[t].x;
  var g = firstUnits[t].x;
  let last = firstUnits[t].y;
  var dc = dcBefore[t];
  let most = (s.y - min(s.y, p)) / 2u + 1u;
  for (var n = 0u; n < most && p < s.y && g < last; n++) {
    let u = g % scan.units;
    let c = componentOf(u);
    let mcu = g / scan.units;
    var bx = mcu % scan.mcusWide;
    var by = mcu / scan.mcusWide;
    if (c == 0u) {
      bx = bx * scan.lumaAcross + u % scan.lumaAcross;
      by = by * (scan.lumaBlocks / scan.lumaAcross) + u / scan.lumaAcross;
    }
    // A block past the picture's edge (an MCU's padding) is decoded, not kept.
    let kept = bx < scan.blocksWide[c] && by < scan.blocksHigh[c];
    let first = (scan.planes[c] + by * scan.blocksWide[c] + bx) * 32u;
    let d = dcCode(c, p);
    if (d.damaged != 0u) {
      atomicOr(&flags[scan.flag], DAMAGED_FLAG);
      return;
    }
    dc[c] += d.dc;
    if (kept) {
      keep(c, first, 0u, dc[c]);
    }
    var code = Code(d.next, 1u, 0u, 0, GOING);
    for (var k = 0u; k < 64u && code.z < 64u; k++) {
      code = acCode(scan.acTables[c], code.next, code.z, true);
      if (code.state == DAMAGED) {
        atomicOr(&flags[scan.flag], DAMAGED_FLAG);
        return;
      }
      if (kept && code.value != 0) {
        keep(c, first, natural[code.at], code.value);
      }
    }
    p = code.next;
    // The interval's last block ends within its bits (libjpeg finds a cut one),
    // in its last byte: whole bytes after it are damage that libjpeg passes over
    // with a warning, which may hide another (TurboJPEG tells only one).
    if (g + 1u == last && (p > firstUnits[t].z || firstUnits[t].z - p >= 8u)) {
      atomicOr(&flags[scan.flag], DAMAGED_FLAG);
      return;
    }
    g += 1u;
  }
}
