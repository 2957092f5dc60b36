//! Where the scope kernels' time goes, for issue #22's targets (bench/results/2026-11-22-lab-notes.md, "Scopes"):
//! src/scope/waveform/waveform.wgsl and src/scope/vectorscope/vectorscope.wgsl as the site compiles them,
//! and variants made from them by text edits, each timed with timestamp queries on
//! the same texture, counts checked against the CPU reference (src/scope.rs):
//!   waveform    the kernel as it is (4 columns a workgroup, 4 rows loaded
//!               before they are counted);
//!   w-site-read its reads alone, no atomics; w-uN: N rows loaded, then counted;
//!               w-x512: 512 invocations; w-c8: 8 columns (16 KB);
//!   w-was       the kernel until 2026-11-24 (2 columns, a row at a time): every
//!               w- variant below is made from it;
//!   w-read      its reads alone, no atomics: the floor of its access pattern;
//!   w-banked    the words not rotated by slot: the columns' levels in one bank;
//!   w-colsN     N columns a workgroup (w-cols8: 16 KB, as it was first;
//!               w-cols16x512: 32 KB, past WebGPU's default, 512 invocations);
//!   w-x128      2 columns to 128 invocations (w-was-x512: 512);
//!   w-rows      the order before: a column's invocations on neighbouring rows;
//!   w-unrollN   N rows loaded before their atomics (more reads in flight);
//!   w-cNxM      N columns a workgroup of M invocations (w-c3x384, w-c3x192: the
//!               workgroups fill whole waves of an H100; -uK: K rows loaded before
//!               they are counted, w-c4-u4 being the kernel now; -read: no atomics);
//!   w-own       the kernel's csColumn (for GPUs a CPU emulates): an invocation owns
//!               a column, counts it in a private array and stores it;
//!   w-runN      N columns a workgroup read along the row: an invocation loads its
//!               row's N texels (-read: no atomics);
//!   w-quadN     the same from an rgba32uint texture a quarter as wide, 4 pixels a
//!               texel (bench/results/2026-11-24-waveform-reads.txt);
//!   w-rows-read w-rows' reads alone; rows-cN[xM]: w-rows with N columns (M invocations);
//!   spreadD     w-rows, a warp's 16 rows of a column D rows apart (-read: no atomics);
//!   mergeK      spread1, an invocation loading K neighbouring rows and adding a
//!               channel's run of one level at once;
//!   pair        spread1, two neighbouring rows an invocation, added at once when
//!               a channel's two levels are one;
//!   sNxK        a strip of N columns and K channels to a workgroup, a warp on whole
//!               rows of the strip, the picture read 4 / K times
//!               (bench/results/2026-11-24d-waveform-orders.txt);
//!   rot[-cK]    spread1, a lane adding its channels in its own turn (i, i+1, ..
//!               mod 4) so a level's lanes hit 4 slots at once, with K copies of
//!               the bins; copies4 the copies alone; rot-site[-cK] the site's order;
//!   vectorscope the kernel as it is (a block to a workgroup, its window centred
//!               on the block's chroma);
//!   v-read      its reads and chroma alone, no atomics;
//!   v-neutral   the window fixed on neutral, as it was first;
//!   v-h1        a texel loaded and counted at a time, not eight in flight;
//!   v-unclamped its loads not clamped to the block (reads past the picture's
//!               edge: timing only);
//!   v-flush     no pixels: the window's zeroing, barrier and flush alone;
//!   v-own       the kernel's csColumn: an invocation walks a column and adds each
//!               pixel to the result with a global atomicAdd;
//!   v-own-read  its reads and chroma alone;
//!   v-rows      the same, an invocation walking a row.
//! With VARIANTS=a,b only those variants run (SwiftShader takes a while). With
//! DUMP=DIR nothing runs: each variant's WGSL and a manifest.json (its entry point,
//! workgroups for WxH, result bytes) go to DIR, for bench/gpu-browser/driver.js to
//! time the same variants in a browser.
//!
//! An H100's clock drops when it idles between timed passes and sags under long
//! sustained load (bench/results/2026-11-23j-waveform-parts.txt): compare variants
//! measured close together, and the first ones of a call with most trust. Variants
//! of kernels since replaced, and their times, are in bench/results/2026-11-22-lab-notes.md and bench/results/.
//!
//!     WGPU_BACKEND=vulkan cargo run --release --example scope_parts -- [WxH] [IMAGE...]
//!
//! First a frame of gradients and noise (bench/scopes-gpu.sh's), 3840x2160 unless
//! WxH says otherwise; then each image.

use histogram::gpu::{with_constants, ChunkShape, Gpu};
use histogram::scope::{self, Counts, Matrix, Scope, LEVELS};
use histogram::{Image, Spec};
use wgpu::util::DeviceExt;

const WAVEFORM: &str = include_str!("../../src/scope/waveform/waveform.wgsl");
/// The site kernel's loop over its rows (4 loaded, then counted).
const KERNEL_LOOP: &str = "    var y = segment * rows;
    for (; y + 4u <= end; y += 4u) {
      let a = textureLoad(ourTexture, band.origin + vec2u(x, y), 0);
      let b = textureLoad(ourTexture, band.origin + vec2u(x, y + 1u), 0);
      let c = textureLoad(ourTexture, band.origin + vec2u(x, y + 2u), 0);
      let d = textureLoad(ourTexture, band.origin + vec2u(x, y + 3u), 0);
      countPixel(local, rgb8(a));
      countPixel(local, rgb8(b));
      countPixel(local, rgb8(c));
      countPixel(local, rgb8(d));
    }
    for (; y < end; y++) {
      countPixel(local, rgb8(textureLoad(ourTexture, band.origin + vec2u(x, y), 0)));
    }
";
const VECTORSCOPE: &str = include_str!("../../src/scope/vectorscope/vectorscope.wgsl");
const RUNS: usize = 30;

/// `text` with `from` replaced, which must be there: a variant that silently kept
/// the original would time the original under another name.
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "the kernel no longer has {from:?}");
    text.replace(from, to)
}

struct Variant {
    name: String,
    /// The kernel's entry point: `cs`, or `csColumn` (for GPUs a CPU emulates).
    entry: &'static str,
    scope: Scope,
    body: String,
    /// Workgroups for an image of this size.
    groups: Box<dyn Fn(u32, u32) -> [u32; 3]>,
    /// Whether its counts are the image's (checked against the CPU).
    exact: bool,
}

fn variants() -> Vec<Variant> {
    // The kernel as it was until 2026-11-24 (2 columns a workgroup, a row loaded
    // and counted at a time): the base of the variants measured before then.
    let was = edit(
        &edit(
            WAVEFORM,
            "const columnsPerGroup = 4u;",
            "const columnsPerGroup = 2u;",
        ),
        KERNEL_LOOP,
        "    for (var y = segment * rows; y < end; y++) {
      countPixel(local, rgb8(textureLoad(ourTexture, band.origin + vec2u(x, y), 0)));
    }
",
    );
    let was = was.as_str();
    let columns = |n: u32| {
        Box::new(move |w: u32, _h: u32| [w.div_ceil(n), 1, 1]) as Box<dyn Fn(u32, u32) -> [u32; 3]>
    };
    let reads_only = |base: &str| {
        edit(
            &edit(
                base,
            "atomicAdd(&bins[slotWord(local * 4u + ch, level / 2u)], 1u << ((level & 1u) * 16u));",
            "sink += level;",
        ),
        "  workgroupBarrier();",
        "  if (sink == 0x12345678u) { atomicAdd(&bins[0], 1u); }\n  workgroupBarrier();",
    )
    .replacen("@compute", "var<private> sink: u32;\n@compute", 1)
    };
    let w_read = reads_only(was);
    let banked = edit(was, "(pair ^ (slot & 31u))", "pair");
    let cols = |n: u32| {
        edit(
            was,
            "const columnsPerGroup = 2u;",
            &format!("const columnsPerGroup = {n}u;"),
        )
    };
    let invocations = |body: &str, n: u32| {
        edit(
            body,
            "const workgroupSize = 256u;",
            &format!("const workgroupSize = {n}u;"),
        )
    };
    // A column's invocations on neighbouring rows, a step of them at a time.
    let interleave = |body: &str| {
        edit(
            body,
            "for (var y = segment * rows; y < end; y++) {",
            "for (var y = segment; y < band.size.y; y += segments) {",
        )
    };
    let rows = interleave(was);
    let splice = |body: &str, start: &str, stop: &str, with: &str| {
        let a = body.find(start).expect("start marker");
        let b = a + body[a..].find(stop).expect("stop marker");
        format!("{}{with}{}", &body[..a], &body[b..])
    };
    let w_unroll = |base: &str, n: u32| {
        let loads: String = (0..n)
            .map(|k| format!("      let p{k} = textureLoad(ourTexture, band.origin + vec2u(x, y + {k}u), 0);\n"))
            .collect();
        let counts: String = (0..n)
            .map(|k| format!("      countPixel(local, rgb8(p{k}));\n"))
            .collect();
        let body = splice(
            base,
            "    let end = min((segment + 1u) * rows, band.size.y);",
            "  workgroupBarrier();",
            &format!(
                "    let end = min((segment + 1u) * rows, band.size.y);\n    var y = segment * rows;\n    for (; y + {n}u <= end; y += {n}u) {{\n{loads}{counts}    }}\n    for (; y < end; y++) {{\n      countPixel(local, rgb8(textureLoad(ourTexture, band.origin + vec2u(x, y), 0)));\n    }}\n  }}\n\n"
            ),
        );
        body
    };
    // A workgroup's N columns read along the row: each invocation loads the N
    // neighbouring texels of its row (N x 4 bytes of one sector) and counts them,
    // where the kernel's invocations each read one column.
    let w_run = |n: u32, read_only: bool| {
        let loads: String = (0..n)
            .map(|k| format!("      let p{k} = textureLoad(ourTexture, band.origin + vec2u(min(first + {k}u, band.size.x - 1u), y), 0);\n"))
            .collect();
        let counts: String = (0..n)
            .map(|k| format!("      if ({k}u < have) {{ countPixel({k}u, rgb8(p{k})); }}\n"))
            .collect();
        let body = splice(
            &cols(n),
            "  let local = local_invocation_index % columnsPerGroup;",
            "  workgroupBarrier();",
            &format!(
                "  let have = min(columnsPerGroup, band.size.x - first);\n  let rows = (band.size.y + workgroupSize - 1u) / workgroupSize;\n  let end = min((local_invocation_index + 1u) * rows, band.size.y);\n  for (var y = local_invocation_index * rows; y < end; y++) {{\n{loads}{counts}  }}\n\n"
            ),
        );
        if read_only {
            let body = splice(
                &body,
                "fn countPixel(local: u32, rgb: vec3u) {",
                "@group(0)",
                "fn countPixel(local: u32, rgb: vec3u) {\n  sink += rgb.r + rgb.g + rgb.b + local;\n}\nvar<private> sink: u32;\n\n",
            );
            edit(
                &body,
                "  workgroupBarrier();",
                "  if (sink == 0x12345678u) { atomicAdd(&bins[0], 1u); }\n  workgroupBarrier();",
            )
        } else {
            body
        }
    };
    // The same, the picture read as an rgba32uint texture a quarter as wide: a texel
    // is 4 neighbouring pixels (N / 4 texels a row), where an rgba8unorm texel is one.
    let w_quad = |n: u32, read_only: bool| {
        let loads: String = (0..n / 4)
            .map(|k| {
                format!(
                    "      let q{k} = textureLoad(quadTexture, vec2u(first / 4u + {k}u, y), 0);\n"
                )
            })
            .collect();
        let counts: String = (0..n)
            .map(|k| format!("      countPixel({k}u, unpack(q{}[{}]));\n", k / 4, k % 4))
            .collect();
        let body = w_run(n, read_only);
        let a = body
            .find("  for (var y = local_invocation_index * rows;")
            .expect("loop");
        let b = a + body[a..].find("  }\n\n").expect("loop end");
        format!(
            "{}  for (var y = local_invocation_index * rows; y < end; y++) {{\n{loads}{counts}{}",
            &body[..a],
            &body[b..]
        )
        .replacen(
            "@compute",
            "@group(0) @binding(3) var quadTexture: texture_2d<u32>;\nfn unpack(p: u32) -> vec3u {\n  return vec3u(p & 0xffu, (p >> 8u) & 0xffu, (p >> 16u) & 0xffu);\n}\n@compute",
            1,
        )
    };
    // A workgroup owns a strip of N columns and K of the four channels (N x K = 32:
    // 16 KB of 16-bit counts); its invocations take the strip's rows in turn, so a
    // warp loads whole rows of the strip (N = 32: one 128-byte row) and no two of
    // its lanes count one column. The picture is read 4 / K times.
    let w_strip = |n: u32, k: u32, read_only: bool| {
        let count = if read_only {
            "sink += level;"
        } else {
            "atomicAdd(&bins[slotWord(local * groupChannels + k, level / 2u)], 1u << ((level & 1u) * 16u));"
        };
        let main = format!(
            "const stripColumns = {n}u;
const groupChannels = {k}u;
var<private> sink: u32;
@compute @workgroup_size(workgroupSize)
fn cs(
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {{
  let blocks = 4u / groupChannels;
  let first = (workgroup_id.x / blocks) * stripColumns;
  let channel = (workgroup_id.x % blocks) * groupChannels;
  let local = local_invocation_index % stripColumns;
  let x = first + local;
  let step = workgroupSize / stripColumns;
  if (x < band.size.x) {{
    for (var y = local_invocation_index / stripColumns; y < band.size.y; y += step) {{
      let rgb = rgb8(textureLoad(ourTexture, band.origin + vec2u(x, y), 0));
      for (var k = 0u; k < groupChannels; k++) {{
        let level = binOf(rgb, channel + k);
        {count}
      }}
    }}
  }}
  if (sink == 0x12345678u) {{ atomicAdd(&bins[0], 1u); }}
  workgroupBarrier();
  let columns = min(stripColumns, band.size.x - first);
  for (var word = local_invocation_index; word < columns * groupChannels * (levels / 2u); word += workgroupSize) {{
    let slot = word / (levels / 2u);
    let pair = atomicLoad(&bins[slotWord(slot, word % (levels / 2u))]);
    let at = (band.column + first + slot / groupChannels) * binsPerColumn
      + (channel + slot % groupChannels) * levels + (word % (levels / 2u)) * 2u;
    result[at] = pair & 0xffffu;
    result[at + 1u] = pair >> 16u;
  }}
}}

"
        );
        let a = was
            .find("@compute @workgroup_size(workgroupSize)")
            .expect("cs");
        let b = was.find("// Where the GPU is a CPU").expect("csColumn");
        edit(
            &format!("{}{main}{}", &was[..a], &was[b..]),
            "const columnsPerGroup = 2u;",
            &format!("const columnsPerGroup = {}u;", n * k / 4),
        )
    };
    let strips = |n: u32, k: u32| {
        Box::new(move |w: u32, _h: u32| [w.div_ceil(n) * (4 / k), 1, 1])
            as Box<dyn Fn(u32, u32) -> [u32; 3]>
    };
    // The kernel's 2 columns, their 128 invocations taking 128 rows a step (the
    // whole GPU sweeping the picture from the top, as w-rows), a warp's 16 rows of
    // a column D rows apart (D = 1: neighbouring rows, which hold the same levels
    // and contend for one word; 8: a step's rows spread among a warp).
    let w_spread = |d: u32, read_only: bool| {
        let count = if read_only {
            "sink += level;"
        } else {
            "atomicAdd(&bins[slotWord(local * 4u + ch, level / 2u)], 1u << ((level & 1u) * 16u));"
        };
        let body = splice(
            was,
            "    let rows = (band.size.y + segments - 1u) / segments;",
            "  workgroupBarrier();",
            &format!(
                "    let spread = {d}u;
    let row = (segment % 16u) * spread + (segment / 16u) % spread + (segment / (16u * spread)) * 16u * spread;
    for (var y = row; y < band.size.y; y += segments) {{
      let rgb = rgb8(textureLoad(ourTexture, band.origin + vec2u(x, y), 0));
      for (var ch = 0u; ch < 4u; ch++) {{
        let level = binOf(rgb, ch);
        {count}
      }}
    }}
  }}
  if (sink == 0x12345678u) {{ atomicAdd(&bins[0], 1u); }}

"
            ),
        );
        body.replacen("@compute", "var<private> sink: u32;\n@compute", 1)
    };
    // As spread1, each invocation taking K neighbouring rows a step: their K texels
    // loaded first, then a channel's equal levels in a row added at once (a photo's
    // neighbouring rows mostly hold one level), where spread1's lanes contend.
    let w_merge = |k: u32| {
        let body = splice(
            was,
            "    let rows = (band.size.y + segments - 1u) / segments;",
            "  workgroupBarrier();",
            &format!(
                "    for (var y0 = segment * {k}u; y0 < band.size.y; y0 += segments * {k}u) {{
      var px: array<vec3u, {k}>;
      for (var j = 0u; j < {k}u; j++) {{
        px[j] = rgb8(textureLoad(ourTexture, band.origin + vec2u(x, min(y0 + j, band.size.y - 1u)), 0));
      }}
      let valid = min({k}u, band.size.y - y0);
      for (var ch = 0u; ch < 4u; ch++) {{
        var level = binOf(px[0], ch);
        var n = 1u;
        for (var j = 1u; j < valid; j++) {{
          let next = binOf(px[j], ch);
          if (next != level) {{
            atomicAdd(&bins[slotWord(local * 4u + ch, level / 2u)], n << ((level & 1u) * 16u));
            level = next;
            n = 0u;
          }}
          n += 1u;
        }}
        atomicAdd(&bins[slotWord(local * 4u + ch, level / 2u)], n << ((level & 1u) * 16u));
      }}
    }}
  }}

"
            ),
        );
        body
    };
    // spread1 with two neighbouring rows an invocation, a channel's two levels added
    // at once when they are one (no arrays: w_merge's were slower than its atomics).
    let w_pair = {
        let add = |level: &str, n: &str| {
            format!("atomicAdd(&bins[slotWord(local * 4u + ch, {level} / 2u)], {n}u << (({level} & 1u) * 16u));")
        };
        splice(
            was,
            "    let rows = (band.size.y + segments - 1u) / segments;",
            "  workgroupBarrier();",
            &format!(
                "    for (var y = segment * 2u; y < band.size.y; y += segments * 2u) {{
      let a = rgb8(textureLoad(ourTexture, band.origin + vec2u(x, y), 0));
      let b = rgb8(textureLoad(ourTexture, band.origin + vec2u(x, min(y + 1u, band.size.y - 1u)), 0));
      let both = y + 1u < band.size.y;
      for (var ch = 0u; ch < 4u; ch++) {{
        let la = binOf(a, ch);
        let lb = binOf(b, ch);
        if (both && la == lb) {{
          {}
        }} else {{
          {}
          if (both) {{
            {}
          }}
        }}
      }}
    }}
  }}

",
                add("la", "2"),
                add("la", "1"),
                add("lb", "1")
            ),
        )
    };
    // A warp's 16 lanes of a column on 16 rows (neighbouring: spread1's reads) or
    // each on its own stretch (the site's order), lane i adding its channels in the
    // order i, i+1, .. (mod 4), so at each step the lanes of one level hit 4 slots,
    // not one; with `copies` copies of the bins (lanes i/4 mod copies), each copy's
    // words turned by 4 x copy (other banks), summed in the flush.
    let w_rot = |neighbours: bool, rotate: bool, copies: u32| {
        let order = if neighbours {
            "for (var y = segment; y < band.size.y; y += segments) {"
        } else {
            "for (var y = segment * rows; y < end; y++) {"
        };
        let turn = if rotate { "segment & 3u" } else { "0u" };
        // The turn as two whole-vector selects, not an index (a dynamic index
        // into the levels cost 8-11 us on an H100).
        let rotate = if rotate {
            "word = select(word, word.yzwx, (turn & 1u) != 0u);
      shift = select(shift, shift.yzwx, (turn & 1u) != 0u);
      word = select(word, word.zwxy, (turn & 2u) != 0u);
      shift = select(shift, shift.zwxy, (turn & 2u) != 0u);"
        } else {
            ""
        };
        let body = splice(
            was,
            "    let rows = (band.size.y + segments - 1u) / segments;",
            "  workgroupBarrier();",
            &format!(
                "    let rows = (band.size.y + segments - 1u) / segments;
    let end = min((segment + 1u) * rows, band.size.y);
    let turn = {turn};
    let copy = (segment >> 2u) % copies;
    {order}
      let rgb = rgb8(textureLoad(ourTexture, band.origin + vec2u(x, y), 0));
      let level = vec4u(rgb, binOf(rgb, 3u));
      let slot = local * 4u + vec4u(0u, 1u, 2u, 3u);
      var word = copy * copyWords + slot * (levels / 2u) + ((level / 2u) ^ ((slot + 4u * copy) & vec4u(31u)));
      var shift = (level & vec4u(1u)) * 16u;
      {rotate}
      atomicAdd(&bins[word.x], 1u << shift.x);
      atomicAdd(&bins[word.y], 1u << shift.y);
      atomicAdd(&bins[word.z], 1u << shift.z);
      atomicAdd(&bins[word.w], 1u << shift.w);
    }}
  }}

"
            ),
        );
        let body = edit(
            &body,
            "var<workgroup> bins: array<atomic<u32>, columnsPerGroup * binsPerColumn / 2u>;",
            &format!(
                "const copies = {copies}u;
const copyWords = columnsPerGroup * binsPerColumn / 2u;
var<workgroup> bins: array<atomic<u32>, copies * copyWords>;
fn copyWord(copy: u32, slot: u32, pair: u32) -> u32 {{
  return copy * copyWords + slot * (levels / 2u) + (pair ^ ((slot + 4u * copy) & 31u));
}}"
            ),
        );
        edit(
            &body,
            "    let pair = atomicLoad(&bins[slotWord(slot, word % (levels / 2u))]);",
            "    var pair = 0u;
    for (var c = 0u; c < copies; c++) {
      pair += atomicLoad(&bins[copyWord(c, slot, word % (levels / 2u))]);
    }",
        )
    };
    let waveform = Scope::Waveform;
    let vectorscope = Scope::Vectorscope { size: 256 };
    let v_read = edit(
        VECTORSCOPE,
        "  if (all(cell >= start) && all(inKept < vec2u(kept))) {\n    atomicAdd(&cells[inKept.y * kept + inKept.x], 1u);\n  } else {\n    atomicAdd(&result[cell.y * numBins + cell.x], 1u);\n  }",
        "  sink += inKept.x + cell.y;",
    )
    .replacen("@compute", "var<private> sink: u32;\n@compute", 1);
    let v_read = edit(
        &v_read,
        "  workgroupBarrier();",
        "  if (sink == 0x12345678u) { atomicAdd(&cells[0], 1u); }\n  workgroupBarrier();",
    );
    let neutral = edit(
        VECTORSCOPE,
        "  let start = min(centre - min(centre, vec2u(kept / 2u)), vec2u(numBins - kept));",
        "  let start = vec2u((numBins - kept) / 2u);",
    );
    let one_at_a_time = splice(
        VECTORSCOPE,
        "  for (var y = blockOrigin.y + local.y;",
        "  workgroupBarrier();",
        "  for (var y = blockOrigin.y + local.y; y < blockEnd.y; y += 16u) {
    for (var x = blockOrigin.x + local.x; x < blockEnd.x; x += 16u) {
      countTexel(load(vec2u(x, y), last), true, start);
    }
  }

",
    );
    let flush_only = splice(
        VECTORSCOPE,
        "  for (var y = blockOrigin.y + local.y;",
        "  workgroupBarrier();",
        "",
    );
    let unclamped = edit(
        VECTORSCOPE,
        "  return textureLoad(ourTexture, band.origin + min(at, last), 0);",
        "  return textureLoad(ourTexture, band.origin + at, 0);",
    );
    let blocks = || {
        Box::new(|w: u32, h: u32| [w.div_ceil(64), h.div_ceil(128), 1])
            as Box<dyn Fn(u32, u32) -> [u32; 3]>
    };
    let v = |name: &str, scope, body: &str, groups, exact| Variant {
        name: name.to_string(),
        entry: "cs",
        scope,
        body: body.to_string(),
        groups,
        exact,
    };
    let column = |name: &str, scope, body: &str, groups, exact| Variant {
        entry: "csColumn",
        ..v(name, scope, body, groups, exact)
    };
    let mut all = vec![
        v("waveform", waveform, WAVEFORM, columns(4), true),
        v("w-site-read", waveform, &reads_only(WAVEFORM), columns(4), false),
        v("w-was", waveform, was, columns(2), true),
        v("w-u8", waveform, &w_unroll(WAVEFORM, 8), columns(4), true),
        v("w-u6", waveform, &w_unroll(WAVEFORM, 6), columns(4), true),
        v("w-x512", waveform, &invocations(WAVEFORM, 512), columns(4), true),
        v(
            "w-c8",
            waveform,
            &edit(WAVEFORM, "const columnsPerGroup = 4u;", "const columnsPerGroup = 8u;"),
            columns(8),
            true,
        ),
        v("w-read", waveform, &w_read, columns(2), false),
        v("w-banked", waveform, &banked, columns(2), true),
        v("w-cols4", waveform, &cols(4), columns(4), true),
        v("w-cols8", waveform, &cols(8), columns(8), true),
        v(
            "w-x128",
            waveform,
            &invocations(was, 128),
            columns(2),
            true,
        ),
        v(
            "w-was-x512",
            waveform,
            &invocations(was, 512),
            columns(2),
            true,
        ),
        v(
            "w-cols16x512",
            waveform,
            &invocations(&cols(16), 512),
            columns(16),
            true,
        ),
        v("w-rows", waveform, &rows, columns(2), true),
        v(
            "w-unroll2",
            waveform,
            &w_unroll(was, 2),
            columns(2),
            true,
        ),
        v(
            "w-unroll4",
            waveform,
            &w_unroll(was, 4),
            columns(2),
            true,
        ),
        column("w-own", waveform, was, columns(64), true),
        v("w-c8x512", waveform, &invocations(&cols(8), 512), columns(8), true),
        v("w-c8x1024", waveform, &invocations(&cols(8), 1024), columns(8), true),
        v("w-c4x512", waveform, &invocations(&cols(4), 512), columns(4), true),
        v(
            "w-c8x512-u4",
            waveform,
            &w_unroll(&invocations(&cols(8), 512), 4),
            columns(8),
            true,
        ),
        v("w-c8-u4", waveform, &w_unroll(&cols(8), 4), columns(8), true),
        v("w-c4-u4", waveform, &w_unroll(&cols(4), 4), columns(4), true),
        v("w-c4-u2", waveform, &w_unroll(&cols(4), 2), columns(4), true),
        v(
            "w-c3x384-u2",
            waveform,
            &invocations(&w_unroll(&cols(3), 2), 384),
            columns(3),
            true,
        ),
        v("w-unroll3", waveform, &w_unroll(was, 3), columns(2), true),
        v(
            "w-c8x512-read",
            waveform,
            &invocations(&cols(8), 512)
                .replace("atomicAdd(&bins[slotWord(local * 4u + ch, level / 2u)], 1u << ((level & 1u) * 16u));", "sink += level;")
                .replace("  workgroupBarrier();", "  if (sink == 0x12345678u) { atomicAdd(&bins[0], 1u); }\n  workgroupBarrier();")
                .replacen("@compute", "var<private> sink: u32;\n@compute", 1),
            columns(8),
            false,
        ),
        v("w-run4", waveform, &w_run(4, false), columns(4), true),
        v("w-run4-read", waveform, &w_run(4, true), columns(4), false),
        v("w-run8", waveform, &w_run(8, false), columns(8), true),
        v("w-run8-read", waveform, &w_run(8, true), columns(8), false),
        v(
            "w-run4x128",
            waveform,
            &invocations(&w_run(4, false), 128),
            columns(4),
            true,
        ),
        v(
            "w-run8x512",
            waveform,
            &invocations(&w_run(8, false), 512),
            columns(8),
            true,
        ),
        v("w-quad4", waveform, &w_quad(4, false), columns(4), true),
        v("w-quad4-read", waveform, &w_quad(4, true), columns(4), false),
        v("w-quad8", waveform, &w_quad(8, false), columns(8), true),
        v("w-quad8-read", waveform, &w_quad(8, true), columns(8), false),
        v(
            "w-quad4x512",
            waveform,
            &invocations(&w_quad(4, false), 512),
            columns(4),
            true,
        ),
        v(
            "w-quad4x128",
            waveform,
            &invocations(&w_quad(4, false), 128),
            columns(4),
            true,
        ),
        v("w-rows-read", waveform, &interleave(&w_read), columns(2), false),
        v("s32x1", waveform, &w_strip(32, 1, false), strips(32, 1), true),
        v("s32x1-read", waveform, &w_strip(32, 1, true), strips(32, 1), false),
        v("s16x2", waveform, &w_strip(16, 2, false), strips(16, 2), true),
        v("s16x2-read", waveform, &w_strip(16, 2, true), strips(16, 2), false),
        v("s8x4", waveform, &w_strip(8, 4, false), strips(8, 4), true),
        v("s8x4-read", waveform, &w_strip(8, 4, true), strips(8, 4), false),
        v(
            "s32x1x512",
            waveform,
            &invocations(&w_strip(32, 1, false), 512),
            strips(32, 1),
            true,
        ),
        v(
            "s16x2x512",
            waveform,
            &invocations(&w_strip(16, 2, false), 512),
            strips(16, 2),
            true,
        ),
        v("spread1", waveform, &w_spread(1, false), columns(2), true),
        v("spread1-read", waveform, &w_spread(1, true), columns(2), false),
        v("spread2", waveform, &w_spread(2, false), columns(2), true),
        v("spread2-read", waveform, &w_spread(2, true), columns(2), false),
        v("spread4", waveform, &w_spread(4, false), columns(2), true),
        v("spread4-read", waveform, &w_spread(4, true), columns(2), false),
        v("spread8", waveform, &w_spread(8, false), columns(2), true),
        v("spread8-read", waveform, &w_spread(8, true), columns(2), false),
        v("spread8x512", waveform, &invocations(&w_spread(8, false), 512), columns(2), true),
        v("spread4x512", waveform, &invocations(&w_spread(4, false), 512), columns(2), true),
        v("merge2", waveform, &w_merge(2), columns(2), true),
        v("merge4", waveform, &w_merge(4), columns(2), true),
        v("merge8", waveform, &w_merge(8), columns(2), true),
        v("merge4x512", waveform, &invocations(&w_merge(4), 512), columns(2), true),
        v("merge4x128", waveform, &invocations(&w_merge(4), 128), columns(2), true),
        v("rows-c4", waveform, &interleave(&cols(4)), columns(4), true),
        v("rows-c8", waveform, &interleave(&cols(8)), columns(8), true),
        v("rows-c4x512", waveform, &invocations(&interleave(&cols(4)), 512), columns(4), true),
        v("rows-c8x512", waveform, &invocations(&interleave(&cols(8)), 512), columns(8), true),
        v("pair", waveform, &w_pair, columns(2), true),
        v("pair-x512", waveform, &invocations(&w_pair, 512), columns(2), true),
        v("pair-x128", waveform, &invocations(&w_pair, 128), columns(2), true),
        v("w-c3x384", waveform, &invocations(&cols(3), 384), columns(3), true),
        v("w-c3x192", waveform, &invocations(&cols(3), 192), columns(3), true),
        v("w-c1x128", waveform, &invocations(&cols(1), 128), columns(1), true),
        v("w-c1x64", waveform, &invocations(&cols(1), 64), columns(1), true),
        v("w-c2x128", waveform, &invocations(&cols(2), 128), columns(2), true),
        v("w-c2x192", waveform, &invocations(&cols(2), 192), columns(2), true),
        v("w-c5x320", waveform, &invocations(&cols(5), 320), columns(5), true),
        v("rot", waveform, &w_rot(true, true, 1), columns(2), true),
        v("rot-c2", waveform, &w_rot(true, true, 2), columns(2), true),
        v("rot-c4", waveform, &w_rot(true, true, 4), columns(2), true),
        v("copies4", waveform, &w_rot(true, false, 4), columns(2), true),
        v("rot-site", waveform, &w_rot(false, true, 1), columns(2), true),
        v("rot-site-c4", waveform, &w_rot(false, true, 4), columns(2), true),
        v("vectorscope", vectorscope, VECTORSCOPE, blocks(), true),
        v("v-read", vectorscope, &v_read, blocks(), false),
        v("v-neutral", vectorscope, &neutral, blocks(), true),
        v("v-h1", vectorscope, &one_at_a_time, blocks(), true),
        v("v-unclamped", vectorscope, &unclamped, blocks(), false),
        v("v-flush", vectorscope, &flush_only, blocks(), false),
    ];
    all.push(column("v-own", vectorscope, VECTORSCOPE, columns(64), true));
    let own_read = edit(
        VECTORSCOPE,
        "    atomicAdd(&result[cell.y * numBins + cell.x], 1u);\n  }\n}",
        "    sink += cell.x + cell.y;\n  }\n  if (sink == 0x12345678u) { atomicAdd(&result[0], 1u); }\n}",
    ) + "\nvar<private> sink: u32;\n";
    all.push(column(
        "v-own-read",
        vectorscope,
        &own_read,
        columns(64),
        false,
    ));
    let rows_own = edit(
        VECTORSCOPE,
        "  let x = global_invocation_id.x;\n  if (x >= band.size.x) {\n    return;\n  }\n  for (var y = 0u; y < band.size.y; y++) {",
        "  let y = global_invocation_id.x;\n  if (y >= band.size.y) {\n    return;\n  }\n  for (var x = 0u; x < band.size.x; x++) {",
    );
    all.push(column(
        "v-rows",
        vectorscope,
        &rows_own,
        Box::new(|_w: u32, h: u32| [h.div_ceil(64), 1, 1]),
        true,
    ));
    match std::env::var("VARIANTS") {
        Ok(names) => {
            let names: Vec<&str> = names.split(',').collect();
            all.retain(|v| names.contains(&v.name.as_str()));
            all
        }
        Err(_) => all,
    }
}

/// bench/scopes-gpu.sh's synthetic frame: gradients plus noise (a fixed LCG here).
fn synthetic(w: u32, h: u32) -> Image {
    let mut state = 1u32;
    let mut noise = || {
        state = state.wrapping_mul(1664525).wrapping_add(1013904223);
        (state >> 24) as i32 % 40 - 20
    };
    let mut rgba = Vec::with_capacity(w as usize * h as usize * 4);
    for y in 0..h {
        for x in 0..w {
            let base = [x * 255 / w, y * 255 / h, (x + y) * 255 / (w + h)];
            for c in base {
                rgba.push((c as i32 + noise()).clamp(0, 255) as u8);
            }
            rgba.push(255);
        }
    }
    Image::from_rgba(w, h, rgba).expect("sizes match")
}

fn flat(counts: Counts) -> Vec<u32> {
    match counts {
        Counts::Waveform(w) => w.counts,
        Counts::Vectorscope(v) => v.counts,
    }
}

/// A variant's whole WGSL, with the constants the site compiles it with.
fn source(v: &Variant) -> String {
    let bins = match v.scope {
        Scope::Vectorscope { size } => size,
        _ => 256,
    };
    with_constants(Spec::rgbl(), ChunkShape::default(), &v.body).replace(
        "const numBins = 256u;",
        &format!("const numBins = {bins}u;"),
    )
}

/// Each variant's WGSL and the manifest the browser's driver reads.
fn dump(dir: &str, w: u32, h: u32) -> Result<(), Box<dyn std::error::Error>> {
    std::fs::create_dir_all(dir)?;
    let mut manifest = Vec::new();
    for v in variants() {
        std::fs::write(format!("{dir}/{}.wgsl", v.name), source(&v))?;
        let bytes = match v.scope {
            Scope::Vectorscope { size } => size * size * 4,
            _ => w * LEVELS as u32 * 4 * 4,
        };
        let [x, y, z] = (v.groups)(w, h);
        manifest.push(format!(
            r#"{{"name":"{}","entry":"{}","groups":[{x},{y},{z}],"resultBytes":{bytes}}}"#,
            v.name, v.entry
        ));
    }
    std::fs::write(
        format!("{dir}/manifest.json"),
        format!("[{}]\n", manifest.join(",\n")),
    )?;
    println!("{} variants for {w}x{h} in {dir}", manifest.len());
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let (w, h) = match args.first().and_then(|a| a.split_once('x')) {
        Some((w, h)) if w.parse::<u32>().is_ok() && h.parse::<u32>().is_ok() => {
            let size = (w.parse()?, h.parse()?);
            args.remove(0);
            size
        }
        _ => (3840, 2160),
    };
    let mut images: Vec<(String, Image)> = vec![("synthetic".into(), synthetic(w, h))];
    for path in args {
        let bytes = std::fs::read(&path)?;
        let image =
            histogram::decode::decode(&bytes, histogram::image::MAX_PIXELS, u64::MAX)?.image;
        images.push((path, image));
    }
    if let Ok(dir) = std::env::var("DUMP") {
        return dump(&dir, w, h);
    }
    let gpu = pollster::block_on(Gpu::new(&Default::default()))?;
    if !gpu.timestamps {
        return Err("this GPU has no timestamp queries".into());
    }
    let device = &gpu.device;
    let variants = variants();
    let pipelines: Vec<_> = variants
        .iter()
        .map(|v| {
            let source = source(v);
            // Unchecked, as the site's native kernels are (src/gpu/kernels.rs).
            let module = unsafe {
                device.create_shader_module_trusted(
                    wgpu::ShaderModuleDescriptor {
                        label: Some(&v.name),
                        source: wgpu::ShaderSource::Wgsl(source.into()),
                    },
                    wgpu::ShaderRuntimeChecks::unchecked(),
                )
            };
            device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(&v.name),
                layout: None,
                module: &module,
                entry_point: Some(v.entry),
                compilation_options: Default::default(),
                cache: None,
            })
        })
        .collect();
    println!(
        "# bench/probes/scope_parts.rs: {} ({:?}), median of {RUNS} runs after 300 or 50 ms busy, us",
        gpu.info.name, gpu.info.backend
    );
    let queries = device.create_query_set(&wgpu::QuerySetDescriptor {
        label: None,
        ty: wgpu::QueryType::Timestamp,
        count: 2,
    });
    let resolved = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 16,
        usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let period = gpu.queue.get_timestamp_period() as f64;

    for (name, image) in &images {
        let (w, h) = (image.width(), image.height());
        println!("{name} {w}x{h}");
        let texture = gpu.texture(
            "image",
            (w, h),
            wgpu::TextureFormat::Rgba8Unorm,
            wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        );
        gpu.fill_texture(&texture, [0, 0], (w, h), image.rgba(), 0, w * 4);
        let view = texture.create_view(&Default::default());
        // The same bytes as rgba32uint, 4 pixels a texel (the w-quad variants).
        let quad = gpu.texture(
            "quad",
            (w.div_ceil(4), h),
            wgpu::TextureFormat::Rgba32Uint,
            wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        );
        if w % 4 == 0 {
            gpu.fill_texture(&quad, [0, 0], (w / 4, h), image.rgba(), 0, w * 4);
        }
        let quad_view = quad.create_view(&Default::default());
        let band = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: &[0u32, 0, w, h, 0, 0, 0, 0]
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect::<Vec<u8>>(),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        for (v, pipeline) in variants.iter().zip(&pipelines) {
            let reference = flat(scope::count(image, None, v.scope, Matrix::Bt709)?);
            let bytes = reference.len() as u64 * 4;
            let result = device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: bytes,
                usage: wgpu::BufferUsages::STORAGE
                    | wgpu::BufferUsages::COPY_SRC
                    | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            let readback = device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: 16 + bytes,
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            let layout = pipeline.get_bind_group_layout(0);
            let quad_used = v.body.contains("quadTexture");
            let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout: &layout,
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: result.as_entire_binding(),
                    },
                    // Binding 1 or 3: a layout made from the shader has only the
                    // texture its kernel reads.
                    wgpu::BindGroupEntry {
                        binding: if quad_used { 3 } else { 1 },
                        resource: wgpu::BindingResource::TextureView(if quad_used {
                            &quad_view
                        } else {
                            &view
                        }),
                    },
                    wgpu::BindGroupEntry {
                        binding: 2,
                        resource: band.as_entire_binding(),
                    },
                ],
            });
            let groups = (v.groups)(w, h);
            let once = |timed: bool, counted: bool| -> (f64, Vec<u32>) {
                let mut encoder = device.create_command_encoder(&Default::default());
                encoder.clear_buffer(&result, 0, None);
                {
                    let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                        label: None,
                        timestamp_writes: timed.then_some(wgpu::ComputePassTimestampWrites {
                            query_set: &queries,
                            beginning_of_pass_write_index: Some(0),
                            end_of_pass_write_index: Some(1),
                        }),
                    });
                    pass.set_pipeline(pipeline);
                    pass.set_bind_group(0, &bind_group, &[]);
                    pass.dispatch_workgroups(groups[0], groups[1], groups[2]);
                }
                if !timed {
                    gpu.queue.submit([encoder.finish()]);
                    return (0.0, Vec::new());
                }
                encoder.resolve_query_set(&queries, 0..2, &resolved, 0);
                encoder.copy_buffer_to_buffer(&resolved, 0, &readback, 0, 16);
                if counted {
                    encoder.copy_buffer_to_buffer(&result, 0, &readback, 16, bytes);
                }
                gpu.queue.submit([encoder.finish()]);
                readback.slice(..).map_async(wgpu::MapMode::Read, |_| ());
                device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
                let words: Vec<u32> = readback
                    .get_mapped_range(..)
                    .expect("mapped")
                    .chunks_exact(4)
                    .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
                    .collect();
                readback.unmap();
                let ticks = (words[2] as u64 | (words[3] as u64) << 32)
                    - (words[0] as u64 | (words[1] as u64) << 32);
                (ticks as f64 * period / 1000.0, words[4..].to_vec())
            };
            // Busy first, so the GPU is at its clocks: 300 ms for an image's first
            // variant (the GPU idled while it was made), 50 between variants.
            let warm_ms = if std::ptr::eq(pipeline, &pipelines[0]) {
                300
            } else {
                50
            };
            let start = std::time::Instant::now();
            while start.elapsed().as_millis() < warm_ms {
                for _ in 0..10 {
                    once(false, false);
                }
                device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            }
            // The counts once, then the times with nothing read but the timestamps
            // (checking 4 million counts between runs let the GPU's clocks drop).
            let (_, counts) = once(true, true);
            let off: u64 = counts
                .iter()
                .zip(&reference)
                .map(|(a, b)| a.abs_diff(*b) as u64)
                .sum();
            let moved = if v.exact { off / 2 } else { 0 };
            let mut times = Vec::with_capacity(RUNS);
            for _ in 0..RUNS {
                once(false, false);
                times.push(once(true, false).0);
            }
            times.sort_by(f64::total_cmp);
            // A vectorscope pixel may move to a neighbouring cell by f32 rounding
            // (tests/native/scopes.rs allows one in 10,000).
            let limit = image.pixel_count() / 10_000;
            let mark = if moved > limit || (moved > 0 && matches!(v.scope, Scope::Waveform)) {
                format!("  WRONG: {moved} counts moved")
            } else if moved > 0 {
                format!("  ({moved} moved)")
            } else {
                String::new()
            };
            println!(
                "  {:<12} {:>6} groups {:>9.1}{mark}",
                v.name,
                groups[0] * groups[1] * groups[2],
                times[RUNS / 2]
            );
        }
        if let Some(fault) = gpu.fault() {
            return Err(fault.into());
        }
    }
    Ok(())
}
