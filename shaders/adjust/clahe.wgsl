// CLAHE on the GPU, two passes every frame (nothing read back), then picture.wgsl
// interpolates between the tables of the four nearest tiles for each pixel. Tiles
// are placed as OpenCV's createCLAHE places them (src/adjust.rs, clahe_tile_size):
// all the same size, those past the picture's edge reading it mirrored.
// - `countTiles`: the luma histogram of every tile in one pass. Workgroups take a tile
//   each (y) and a share of its pixels (x), count in four interleaved copies in
//   workgroup memory (neighbouring pixels often share a bin: four copies cut the
//   waiting on one counter), and add their 256 bins to the tile's.
// - `tileTables`: a workgroup per tile, an invocation per bin: the histogram clipped
//   at max(clip * pixels / 256, 1), the excess spread evenly with the rest one by
//   one every 256 / rest bins, and the cumulative sum (a scan in workgroup memory)
//   scaled by 255 / pixels, in integers as the CPU reference does.

const workgroupSize = 256u;
const copies = 4u;

struct Clahe {
  size: vec2u,
  tiles: vec2u,
  // The clip limit times 1000.
  clipMilli: u32,
  tileSize: vec2u,
};

@group(0) @binding(0) var picture: texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> tileBins: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> tables: array<f32>;
@group(0) @binding(3) var<uniform> clahe: Clahe;

var<workgroup> local: array<atomic<u32>, 1024>;

// Where padding coordinate `p` reads from on a side of `length`: mirrored without
// repeating the edge (OpenCV's BORDER_REFLECT_101), repeated if need be.
fn reflect101(p: u32, length: u32) -> u32 {
  if (length == 1u) {
    return 0u;
  }
  let period = 2u * (length - 1u);
  let q = p % period;
  return select(period - q, q, q < length);
}

@compute @workgroup_size(workgroupSize)
fn countTiles(
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  let size = clahe.size;
  let tileSize = clahe.tileSize;
  let tile = workgroup_id.y;
  let start = vec2u(tile % clahe.tiles.x, tile / clahe.tiles.x) * tileSize;
  let count = tileSize.x * tileSize.y;
  let copy = local_invocation_index % copies;
  let stride = num_workgroups.x * workgroupSize;
  for (var i = workgroup_id.x * workgroupSize + local_invocation_index; i < count; i += stride) {
    let p = start + vec2u(i % tileSize.x, i / tileSize.x);
    let texel = vec2u(reflect101(p.x, size.x), reflect101(p.y, size.y));
    let rgb = rgb8(textureLoad(picture, texel, 0));
    let bin = min(dot(rgb, kLuminance) * 256u / kValueMax, 255u);
    atomicAdd(&local[bin * copies + copy], 1u);
  }
  workgroupBarrier();
  let b = local_invocation_index;
  var c = 0u;
  for (var k = 0u; k < copies; k++) {
    c += atomicLoad(&local[b * copies + k]);
  }
  if (c != 0u) {
    atomicAdd(&tileBins[tile * 256u + b], c);
  }
}

var<workgroup> excessTotal: atomic<u32>;
var<workgroup> scan: array<u32, 256>;

@compute @workgroup_size(256)
fn tileTables(
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(local_invocation_index) b: u32,
) {
  let base = workgroup_id.x * 256u;
  let pixels = clahe.tileSize.x * clahe.tileSize.y;
  // m * pixels / 256000 (the clip m in thousandths, up to 64000), truncated, in
  // 32-bit parts: pixels = q * 256000 + r1 * 1000 + r2.
  let m = clahe.clipMilli;
  let r = pixels % 256000u;
  let a = (r / 1000u) * m;
  let r2 = (r % 1000u) * m;
  let limit = max((pixels / 256000u) * m + a / 256u + ((a % 256u) * 1000u + r2) / 256000u, 1u);
  let count = atomicLoad(&tileBins[base + b]);
  atomicAdd(&excessTotal, count - min(count, limit));
  workgroupBarrier();
  let excess = atomicLoad(&excessTotal);
  let batch = excess / 256u;
  let rest = excess - batch * 256u;
  let step = max(256u / max(rest, 1u), 1u);
  var c = min(count, limit) + batch;
  if (rest > 0u && b % step == 0u && b / step < rest) {
    c += 1u;
  }
  // Inclusive prefix sum over the 256 bins, doubling the reach each step.
  scan[b] = c;
  workgroupBarrier();
  for (var reach = 1u; reach < 256u; reach *= 2u) {
    var v = scan[b];
    if (b >= reach) {
      v += scan[b - reach];
    }
    workgroupBarrier();
    scan[b] = v;
    workgroupBarrier();
  }
  let sum = scan[b];
  // sum * 255 / pixels, rounded half up, in integers while they hold it.
  if (pixels <= 8388608u) {
    tables[base + b] = f32((sum * 510u + pixels) / (2u * pixels));
  } else {
    tables[base + b] = clamp(floor(f32(sum) * 255.0 / f32(pixels) + 0.5), 0.0, 255.0);
  }
}
