// Video frames arrive as the decoder made them: YUV planes (NV12; I420, I422 or
// I444; or 10-bit samples at 4:2:0, 4:2:2 or 4:4:4: HDR video's) or RGBA,
// copied straight from a WebCodecs VideoFrame into a storage buffer. This pass turns
// them into the rgba8unorm frame texture that the drawing reads and, where `count`
// is on, counts R, G, B and luminance while it holds each pixel: one pass over the
// frame instead of a conversion pass and a histogram pass.
//
// Only the pixels inside `region` are counted (the studio's region of interest);
// every pixel is converted.
//
// A YUV frame's alpha holds each pixel's Y′ byte as the decoder made it (a video has
// no alpha; the canvas is opaque): the waveform reads it there to show video levels,
// super-whites and sub-blacks included, that the conversion to R′G′B′ clips. A
// 10-bit sample is that code times 4 (toRgb scales it, src/gpu/yuv.rs `to_codes`).
//
// It is tuned for GPUs that a CPU emulates (SwiftShader, llvmpipe), where video needs
// the speed most: each invocation counts into its own histogram in private memory, so
// no atomics run until its final flush (docs/DECISIONS.md, 11, has the measurements). On a real GPU
// `count` is off and the privatized kernel counts the frame texture instead.

// 0 = NV12 (Y plane, interleaved UV plane), 1 = Y, U and V planes of bytes (I420,
// I422, I444), 2 = RGBA / RGBX, 3 = BGRA / BGRX, 4 = Y, U and V planes of two-byte
// samples (I420P10, I422P10, I444P10). The chroma planes' rows and columns are
// halved or not as chromaHalfRows and chromaHalfColumns say (NV12's both).
// Pipeline constants, so each layout compiles to straight-line code.
override pixelLayout: u32;
override chromaHalfRows: bool = true;
override chromaHalfColumns: bool = true;
// Whether every plane and row starts at a multiple of 4 bytes, as decoders lay them
// out: then 4 bytes are one load, with no test of the alignment (2.5 ms a 540p frame
// on SwiftShader).
override aligned: bool;
override count: bool;

const workgroupSize = 16u;

struct Frame {
  // Y'UV samples to R'G'B' in 0..1 and Y′'s code / 255 in w: the frame's colour
  // matrix, range and sample size, as an affine matrix.
  toRgb: mat4x4f,
  size: vec2u,
  planeOffsets: vec3u,
  planeStrides: vec3u,
  // The counted rectangle: x, y, width, height.
  region: vec4u,
};

@group(0) @binding(0) var<storage, read> data: array<u32>;
@group(0) @binding(1) var frame: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(2) var<uniform> f: Frame;
@group(0) @binding(3) var<storage, read_write> result: array<atomic<u32>>;

// The four bytes from byte `offset` on, whatever its alignment (the buffer has a
// spare word at the end).
fn word(offset: u32) -> u32 {
  let i = offset / 4u;
  if (aligned) {
    return data[i];
  }
  let shift = (offset % 4u) * 8u;
  if (shift == 0u) {
    return data[i];
  }
  return (data[i] >> shift) | (data[i + 1u] << (32u - shift));
}

fn byteOf(w: u32, k: u32) -> f32 {
  return f32((w >> (k * 8u)) & 0xffu);
}

// Pixel k (0..3) of the quad of four pixels starting at column 4 * quad of row y:
// its Y′ samples (two words of them at 10 bits), and its chroma's (two words of
// each at 10 bits and full width).
struct Quad {
  y: u32,
  y2: u32,
  u: u32,
  v: u32,
  u2: u32,
  v2: u32,
};

fn readQuad(quad: u32, y: u32) -> Quad {
  let row = f.planeOffsets.x + y * f.planeStrides.x;
  if (pixelLayout == 2u || pixelLayout == 3u) {
    return Quad(0u, 0u, 0u, 0u, 0u, 0u);
  }
  if (pixelLayout == 4u) {
    // Two bytes a sample: the quad's Y′ in two words; its U and V in one word
    // each (two samples) where columns are halved, else in two.
    let c = select(y, y / 2u, chromaHalfRows);
    let u = f.planeOffsets.y + c * f.planeStrides.y + quad * select(8u, 4u, chromaHalfColumns);
    let v = f.planeOffsets.z + c * f.planeStrides.z + quad * select(8u, 4u, chromaHalfColumns);
    var wide = Quad(word(row + quad * 8u), word(row + quad * 8u + 4u), word(u), word(v), 0u, 0u);
    if (!chromaHalfColumns) {
      wide.u2 = word(u + 4u);
      wide.v2 = word(v + 4u);
    }
    return wide;
  }
  let c = select(y, y / 2u, chromaHalfRows);
  if (pixelLayout == 0u) {
    let uv = word(f.planeOffsets.y + c * f.planeStrides.y + quad * 4u);
    return Quad(word(row + quad * 4u), 0u, uv, uv >> 8u, 0u, 0u);
  }
  if (!chromaHalfColumns) {
    // A chroma sample a pixel: the quad's four in one word of each plane.
    let u = word(f.planeOffsets.y + c * f.planeStrides.y + quad * 4u);
    let v = word(f.planeOffsets.z + c * f.planeStrides.z + quad * 4u);
    return Quad(word(row + quad * 4u), 0u, u, v, 0u, 0u);
  }
  // Columns halved: a quad's four pixels share two chroma samples, two bytes of
  // each plane, read as the aligned word around them.
  let half = (quad % 2u) * 16u;
  let u = word(f.planeOffsets.y + c * f.planeStrides.y + quad / 2u * 4u) >> half;
  let v = word(f.planeOffsets.z + c * f.planeStrides.z + quad / 2u * 4u) >> half;
  // Spread to the NV12 order (U0 V0 U1 V1), so pixelOf reads both alike.
  let spread = (u & 0xffu) | ((u & 0xff00u) << 8u);
  let spreadV = (v & 0xffu) | ((v & 0xff00u) << 8u);
  return Quad(word(row + quad * 4u), 0u, spread, spreadV, 0u, 0u);
}

fn sampleOf(w: u32, k: u32) -> f32 {
  return f32((w >> (k * 16u)) & 0xffffu);
}

// The pixel's R′G′B′ and, for YUV, its Y′ byte in alpha (1 for RGB frames).
fn pixelOf(q: Quad, quad: u32, y: u32, k: u32, toRgb: mat4x4f) -> vec4f {
  if (pixelLayout == 2u || pixelLayout == 3u) {
    let rgba = word(f.planeOffsets.x + y * f.planeStrides.x + (quad * 4u + k) * 4u);
    let c = vec3f(byteOf(rgba, 0u), byteOf(rgba, 1u), byteOf(rgba, 2u)) / 255.0;
    return vec4f(select(c, c.bgr, pixelLayout == 3u), 1.0);
  }
  var yuv: vec4f;
  if (pixelLayout == 4u) {
    let luma = sampleOf(select(q.y2, q.y, k < 2u), k % 2u);
    // The pixel's chroma sample among the quad's: its own, or its pair's.
    let c = select(k, k / 2u, chromaHalfColumns);
    let u = select(q.u2, q.u, c < 2u);
    let v = select(q.v2, q.v, c < 2u);
    yuv = vec4f(luma, sampleOf(u, c % 2u), sampleOf(v, c % 2u), 1.0);
  } else {
    // The pixel's chroma byte: its own, or its pair's in NV12's order (U0 V0 U1 V1).
    let chroma = select(k, (k / 2u) * 2u, chromaHalfColumns);
    yuv = vec4f(byteOf(q.y, k), byteOf(q.u, chroma), byteOf(q.v, chroma), 1.0);
  }
  let c = toRgb * yuv;
  return vec4f(saturate(c.rgb), c.w);
}

@compute @workgroup_size(workgroupSize)
fn cs(
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  var counts: array<u32, numBins * channels>;
  // Read once: SwiftShader loads a uniform again at every use (3 ms a frame).
  let size = f.size;
  let toRgb = f.toRgb;
  let regionStart = f.region.xy;
  let regionEnd = f.region.xy + f.region.zw;
  let quads = (size.x + 3u) / 4u;
  // Workgroups take rows in turn, invocations the quads across a row.
  for (var y = workgroup_id.x; y < size.y; y += num_workgroups.x) {
    for (var quad = local_invocation_index; quad < quads; quad += workgroupSize) {
      let q = readQuad(quad, y);
      // The last quad of a row may run past its end.
      let inRow = min(4u, size.x - quad * 4u);
      for (var k = 0u; k < inRow; k++) {
        let color = pixelOf(q, quad, y, k, toRgb);
        let position = vec2u(quad * 4u + k, y);
        // Stored as its bytes over 255, rounded here: a GPU's own rounding to
        // 8 bits may not be to the nearest (the H100's took a PQ grey of 129.54
        // to 129: docs/DECISIONS.md 108); k / 255 comes back as k everywhere.
        let rgb = rgb8(color);
        textureStore(frame, position, vec4f(vec3f(rgb), floor(color.a * 255.0 + 0.5)) / 255.0);
        if (count && all(position >= regionStart) && all(position < regionEnd)) {
          // The four channels written out: as a loop, SwiftShader took 40% longer.
          counts[binOf(rgb, 0u) * channels] += 1u;
          counts[binOf(rgb, 1u) * channels + 1u] += 1u;
          counts[binOf(rgb, 2u) * channels + 2u] += 1u;
          counts[binOf(rgb, 3u) * channels + 3u] += 1u;
        }
      }
    }
  }
  if (count) {
    for (var bin = 0u; bin < numBins * channels; bin++) {
      if (counts[bin] != 0u) {
        atomicAdd(&result[bin], counts[bin]);
      }
    }
  }
}
