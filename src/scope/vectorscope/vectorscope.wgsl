// Vectorscope: the histogram of chroma, (Cb, Cr), on a numBins x numBins grid.
// At 256 x 256 that is 65536 bins (256 KB): sixteen times a workgroup's memory.
// But the bins are not used evenly: the pixels of one small block of a picture
// mostly share a colour, so their chroma lands close together. Each workgroup
// counts one 64 x 128 block and keeps a window of 64 x 64 cells (16 KB) around
// the chroma of the block's middle pixel; the rare pixel outside it goes straight
// to the result with a global atomicAdd. At the end the window's non-zero cells
// are added to the result, as the privatized kernel does. With numBins <= 64 the
// window is the whole grid. (A window fixed on neutral missed half of a
// saturated frame's pixels: 122 us a 4K frame on an H100 against 29, docs/DECISIONS.md, 21.)

const workgroupSize = 256u;
const kept = min(numBins, 64u);
const blockSize = vec2u(64u, 128u);

var<workgroup> cells: array<atomic<u32>, kept * kept>;
@group(0) @binding(0) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(1) var ourTexture: texture_2d<f32>;
@group(0) @binding(2) var<uniform> band: ChromaBand;

// A tile's part counted, and the matrix that reads its chroma: 1 for BT.2020's
// (HDR codes), else BT.709's.
struct ChromaBand {
  origin: vec2u,
  size: vec2u,
  matrix: u32,
};

// The cell of a pixel: BT.709 chroma (BT.2020's, of HDR codes) as 8-bit codes,
// then the grid (+Cr up: row 0 holds the most +Cr). The texel's floats are the
// stored values / 255, and the divisions by 1.8556 and 1.5748 (1.8814 and 1.4746)
// are multiplications folded into 255 / k: a few
// f32 ulps from the CPU's steps, which move a pixel to the neighbouring cell
// only when a code lands within them of its edge (fewer on an H100 than the GPU's
// own division did: 527 against 1385 of a 4K frame's 8.3 million).
fn chromaCell(texel: vec4f) -> vec2u {
  let c = texel.rgb;
  let bt2020 = band.matrix != 0u;
  let y = dot(c, select(vec3f(0.2126, 0.7152, 0.0722), vec3f(0.2627, 0.6780, 0.0593), bt2020));
  let k = select(vec2f(255.0 / 1.8556, 255.0 / 1.5748), vec2f(255.0 / 1.8814, 255.0 / 1.4746), bt2020);
  let t = vec2f(c.b - y, c.r - y) * k + 128.5;
  let codes = vec2u(clamp(floor(t), vec2f(0.0), vec2f(255.0)));
  return vec2u(codes.x * numBins / 256u, (255u - codes.y) * numBins / 256u);
}

fn countTexel(texel: vec4f, inside: bool, start: vec2u) {
  if (!inside) {
    return;
  }
  let cell = chromaCell(texel);
  let inKept = cell - start;
  if (all(cell >= start) && all(inKept < vec2u(kept))) {
    atomicAdd(&cells[inKept.y * kept + inKept.x], 1u);
  } else {
    atomicAdd(&result[cell.y * numBins + cell.x], 1u);
  }
}

fn load(at: vec2u, last: vec2u) -> vec4f {
  return textureLoad(ourTexture, band.origin + min(at, last), 0);
}

@compute @workgroup_size(workgroupSize)
fn cs(
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  let blockOrigin = workgroup_id.xy * blockSize;
  let blockEnd = min(blockOrigin + blockSize, band.size);
  let last = blockEnd - 1u;
  let centre = chromaCell(load((blockOrigin + blockEnd) / 2u, last));
  let start = min(centre - min(centre, vec2u(kept / 2u)), vec2u(numBins - kept));
  // 16 x 16 tiles, so a warp reads a 16 x 2 patch (texels are stored in 2D
  // tiles); eight texels of two tile rows loaded before any is counted, so the
  // reads stay in flight during the atomics (one at a time: 42 us, eight: 28).
  let local = vec2u(local_invocation_index % 16u, local_invocation_index / 16u);
  for (var y = blockOrigin.y + local.y; y < blockEnd.y; y += 32u) {
    let p = vec2u(blockOrigin.x + local.x, y);
    let p1 = p + vec2u(16u, 0u);
    let p2 = p + vec2u(32u, 0u);
    let p3 = p + vec2u(48u, 0u);
    let p4 = p + vec2u(0u, 16u);
    let p5 = p + vec2u(16u, 16u);
    let p6 = p + vec2u(32u, 16u);
    let p7 = p + vec2u(48u, 16u);
    let t0 = load(p, last);
    let t1 = load(p1, last);
    let t2 = load(p2, last);
    let t3 = load(p3, last);
    let t4 = load(p4, last);
    let t5 = load(p5, last);
    let t6 = load(p6, last);
    let t7 = load(p7, last);
    countTexel(t0, all(p < blockEnd), start);
    countTexel(t1, all(p1 < blockEnd), start);
    countTexel(t2, all(p2 < blockEnd), start);
    countTexel(t3, all(p3 < blockEnd), start);
    countTexel(t4, all(p4 < blockEnd), start);
    countTexel(t5, all(p5 < blockEnd), start);
    countTexel(t6, all(p6 < blockEnd), start);
    countTexel(t7, all(p7 < blockEnd), start);
  }

  workgroupBarrier();

  for (var k = local_invocation_index; k < kept * kept; k += workgroupSize) {
    let n = atomicLoad(&cells[k]);
    if (n != 0u) {
      let cell = vec2u(k % kept, k / kept) + start;
      atomicAdd(&result[cell.y * numBins + cell.x], n);
    }
  }
}

// Where the GPU is a CPU (SwiftShader, llvmpipe) workgroup memory, its atomics and
// its barrier are what it emulates worst: the kernel above took 97 ms for a
// 960x540 frame on SwiftShader. There an invocation walks one column and adds
// each pixel to the result with a global atomicAdd, which is one locked add on
// a CPU: 5.5 ms (docs/DECISIONS.md, 22). On a real GPU those atomics would collide on the
// few cells near neutral, so GPUs keep `cs`.
const columnGroup = 64u;

@compute @workgroup_size(columnGroup)
fn csColumn(@builtin(global_invocation_id) global_invocation_id: vec3u) {
  let x = global_invocation_id.x;
  if (x >= band.size.x) {
    return;
  }
  for (var y = 0u; y < band.size.y; y++) {
    let cell = chromaCell(textureLoad(ourTexture, band.origin + vec2u(x, y), 0));
    atomicAdd(&result[cell.y * numBins + cell.x], 1u);
  }
}
