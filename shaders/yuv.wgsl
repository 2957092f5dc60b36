// Video frames arrive as the decoder made them: YUV planes (NV12 or I420) or RGBA,
// copied straight from a WebCodecs VideoFrame into a storage buffer. This pass turns
// them into the rgba8unorm frame texture that the histogram and the drawing read.
// (Asking the browser for RGBA costs ~30 ms a frame on a software GPU; this ~1 ms.)

struct Frame {
  // Y' (or RGB) to R'G'B': the frame's colour matrix and range, as an affine matrix
  // over byte values.
  toRgb: mat4x4f,
  size: vec2u,
  // 0 = NV12 (Y plane, interleaved UV plane), 1 = I420 (Y, U, V planes),
  // 2 = RGBA / RGBX, 3 = BGRA / BGRX.
  pixelLayout: u32,
  planeOffsets: vec3u,
  planeStrides: vec3u,
};

@group(0) @binding(0) var<storage, read> data: array<u32>;
@group(0) @binding(1) var frame: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(2) var<uniform> f: Frame;

fn byteAt(offset: u32) -> f32 {
  return f32((data[offset / 4u] >> ((offset % 4u) * 8u)) & 0xffu);
}

@compute @workgroup_size(16, 16) fn cs(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= f.size)) {
    return;
  }
  let row = f.planeOffsets.x + id.y * f.planeStrides.x;
  var rgb: vec3f;
  if (f.pixelLayout >= 2u) {
    let at = row + id.x * 4u;
    let c = vec3f(byteAt(at), byteAt(at + 1u), byteAt(at + 2u)) / 255.0;
    rgb = select(c, c.bgr, f.pixelLayout == 3u);
  } else {
    // Chroma is subsampled 2x2: each chroma sample covers four pixels.
    let c = id.xy / 2u;
    var u: f32;
    var v: f32;
    if (f.pixelLayout == 0u) {
      let at = f.planeOffsets.y + c.y * f.planeStrides.y + c.x * 2u;
      u = byteAt(at);
      v = byteAt(at + 1u);
    } else {
      u = byteAt(f.planeOffsets.y + c.y * f.planeStrides.y + c.x);
      v = byteAt(f.planeOffsets.z + c.y * f.planeStrides.z + c.x);
    }
    rgb = (f.toRgb * vec4f(byteAt(row + id.x), u, v, 1.0)).rgb;
  }
  textureStore(frame, id.xy, vec4f(saturate(rgb), 1.0));
}
