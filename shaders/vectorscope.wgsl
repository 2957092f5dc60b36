// Vectorscope: the histogram of chroma, (Cb, Cr), on a numBins x numBins grid.
// At 256 x 256 that is 65536 bins (256 KB): sixteen times a workgroup's memory.
// But the bins are not used evenly: most pixels of a photo or a video frame are
// close to neutral, so they land near the middle of the grid. Each workgroup
// keeps a window of 64 x 64 cells around neutral in workgroup memory (16 KB) and
// adds the rare pixel outside it straight to the result with a global atomicAdd.
// At the end it adds its window's non-zero cells to the result, as the
// privatized kernel does. With numBins <= 64 the window is the whole grid.

const workgroupSize = 256u;
const kept = min(numBins, 64u);
const keptStart = (numBins - kept) / 2u;

var<workgroup> cells: array<atomic<u32>, kept * kept>;
@group(0) @binding(0) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(1) var ourTexture: texture_2d<f32>;
@group(0) @binding(2) var<uniform> band: Band;

// The cell of a pixel: BT.709 chroma of the 8-bit values, as 8-bit codes, then
// the grid (+Cr up: row 0 holds the most +Cr). The same f32 steps as the CPU's.
fn chromaCell(rgb: vec3u) -> vec2u {
  let c = vec3f(rgb) / 255.0;
  let y = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
  let chroma = vec2f((c.b - y) / 1.8556, (c.r - y) / 1.5748);
  let codes = vec2u(clamp(floor(128.0 + 255.0 * chroma + 0.5), vec2f(0.0), vec2f(255.0)));
  return vec2u(codes.x * numBins / 256u, (255u - codes.y) * numBins / 256u);
}

@compute @workgroup_size(workgroupSize)
fn cs(
  @builtin(global_invocation_id) global_invocation_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  // The band's pixels in reading order, as in privatized.wgsl.
  let width = band.size.x;
  let count = width * band.size.y;
  let stride = num_workgroups.x * workgroupSize;
  let step = vec2u(stride % width, stride / width);
  var i = global_invocation_id.x;
  var position = vec2u(i % width, i / width);
  while (i < count) {
    let cell = chromaCell(rgb8(textureLoad(ourTexture, band.origin + position, 0)));
    let inKept = cell - vec2u(keptStart);
    if (all(cell >= vec2u(keptStart)) && all(inKept < vec2u(kept))) {
      atomicAdd(&cells[inKept.y * kept + inKept.x], 1u);
    } else {
      atomicAdd(&result[cell.y * numBins + cell.x], 1u);
    }
    i += stride;
    position += step;
    if (position.x >= width) {
      position = vec2u(position.x - width, position.y + 1u);
    }
  }

  workgroupBarrier();

  for (var k = local_invocation_index; k < kept * kept; k += workgroupSize) {
    let n = atomicLoad(&cells[k]);
    if (n != 0u) {
      let cell = vec2u(k % kept, k / kept) + vec2u(keptStart);
      atomicAdd(&result[cell.y * numBins + cell.x], n);
    }
  }
}

// Where the GPU is a CPU (SwiftShader, llvmpipe) workgroup memory, its atomics and
// its barrier are what it emulates worst: the kernel above took 97 ms for a
// 960x540 frame on SwiftShader. There an invocation walks one column and adds
// each pixel to the result with a global atomicAdd, which is one locked add on
// a CPU: 5.5 ms (NOTES.md). On a real GPU those atomics would collide on the
// few cells near neutral, so GPUs keep `cs`.
const columnGroup = 64u;

@compute @workgroup_size(columnGroup)
fn csColumn(@builtin(global_invocation_id) global_invocation_id: vec3u) {
  let x = global_invocation_id.x;
  if (x >= band.size.x) {
    return;
  }
  for (var y = 0u; y < band.size.y; y++) {
    let cell = chromaCell(rgb8(textureLoad(ourTexture, band.origin + vec2u(x, y), 0)));
    atomicAdd(&result[cell.y * numBins + cell.x], 1u);
  }
}
