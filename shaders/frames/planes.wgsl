// A JPEG's planes, as its decoder leaves them (Y full size, Cb and Cr `across` x
// `down` times smaller), finished into the picture's rgba8unorm texture exactly as
// libjpeg-turbo finishes them: its "fancy" chroma upsampling and its fixed-point
// YCbCr to RGB, all in integers (src/jpeg_planes.rs is the CPU twin and says the
// rules; tests hold both equal to libjpeg-turbo's own RGB). One invocation a
// pixel: its Y, and the at most 2x2 chroma samples of each plane its filter weighs.

struct Layout {
  // The picture's size as stored, and its chroma planes'.
  size: vec2u,
  chroma: vec2u,
  // Y, Cb, Cr: where each plane starts in `data` and its bytes a row.
  planeOffsets: vec3u,
  // How the picture is shown: the file's EXIF orientation, 1 to 8.
  turn: u32,
  planeStrides: vec3u,
  // 1 or 2 each: the subsampling, as the file says it (never guessed from sizes).
  across: u32,
  // The part of the picture as shown that this texture holds (a tile of a large picture).
  origin: vec2u,
  down: u32,
};

@group(0) @binding(0) var<storage, read> data: array<u32>;
@group(0) @binding(1) var picture: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(2) var<uniform> planes: Layout;

fn sample(l: Layout, plane: u32, x: u32, y: u32) -> i32 {
  let offset = l.planeOffsets[plane] + y * l.planeStrides[plane] + x;
  return i32((data[offset / 4u] >> ((offset % 4u) * 8u)) & 0xffu);
}

// The chroma row the filter leans on beside `near` for output row y: above for
// an even row, below for an odd one, the edge row repeated past the plane.
fn farRow(l: Layout, y: u32) -> u32 {
  let near = y / 2u;
  if (y % 2u == 0u) {
    return select(near - 1u, 0u, near == 0u);
  }
  return min(near + 1u, l.chroma.y - 1u);
}

// 3 * near + far down column `c`: weight 4.
fn columnSum(l: Layout, plane: u32, c: u32, y: u32) -> i32 {
  return 3 * sample(l, plane, c, y / 2u) + sample(l, plane, c, farRow(l, y));
}

// Plane `plane`'s chroma at pixel (x, y), upsampled as libjpeg-turbo does.
fn chroma(l: Layout, plane: u32, x: u32, y: u32) -> i32 {
  let across = l.across;
  let down = l.down;
  if (across == 1u && down == 1u) {
    return sample(l, plane, x, y);
  }
  if (across == 1u) {
    // 4:4:0: down only, fancy at any width; rounding 1 above, 2 below.
    return (columnSum(l, plane, x, y) + select(2, 1, y % 2u == 0u)) >> 2u;
  }
  let columns = l.chroma.x;
  let i = x / 2u;
  if (columns <= 2u) {
    // libjpeg-turbo's plain upsampler at 2 samples wide or less: replicated.
    return sample(l, plane, i, y / down);
  }
  // The left output of a sample leans on the column before, the right on the
  // one after; the first and last columns on none.
  let left = x % 2u == 0u;
  let edge = select(i + 1u == columns, i == 0u, left);
  let other = select(select(i + 1u, i - 1u, left), i, edge);
  if (down == 1u) {
    // 4:2:2: (3 * here + the neighbour + 1 or 2) >> 2.
    let here = sample(l, plane, i, y);
    if (edge) {
      return here;
    }
    return (3 * here + sample(l, plane, other, y) + select(2, 1, left)) >> 2u;
  }
  // 4:2:0: column sums first, then across; weight 16, rounding 8 left, 7 right.
  let here = columnSum(l, plane, i, y);
  let there = select(columnSum(l, plane, other, y), here, edge);
  return (3 * here + there + select(7, 8, left)) >> 4u;
}

// libjpeg-turbo's YCbCr to RGB (jdcolor.c): 16 fraction bits, FIX(1.40200) =
// 91881, FIX(0.34414) = 22554, FIX(0.71414) = 46802, FIX(1.77200) = 116130.
fn rgbOf(y: i32, cb: i32, cr: i32) -> vec3u {
  let half = 1 << 15u;
  let b = cb - 128;
  let r = cr - 128;
  let rgb = vec3i(
    y + ((91881 * r + half) >> 16u),
    y + ((-22554 * b + half - 46802 * r) >> 16u),
    y + ((116130 * b + half) >> 16u),
  );
  return vec3u(clamp(rgb, vec3i(0), vec3i(255)));
}

// The stored pixel `p`'s R, G and B.
fn pixelAt(l: Layout, p: vec2u) -> vec3u {
  return rgbOf(sample(l, 0u, p.x, p.y), chroma(l, 1u, p.x, p.y), chroma(l, 2u, p.x, p.y));
}

// The stored pixel shown at `p`: EXIF's orientations undone (2 mirrors across,
// 3 turns half round, 4 mirrors down, 5 transposes, 6 is a quarter turn
// clockwise to be shown, 7 transposes the other way, 8 a quarter turn back).
fn stored(l: Layout, p: vec2u) -> vec2u {
  let last = l.size - 1u;
  switch l.turn {
    case 2u: { return vec2u(last.x - p.x, p.y); }
    case 3u: { return last - p; }
    case 4u: { return vec2u(p.x, last.y - p.y); }
    case 5u: { return p.yx; }
    case 6u: { return vec2u(p.y, last.y - p.x); }
    case 7u: { return last - p.yx; }
    case 8u: { return vec2u(last.x - p.y, p.x); }
    default: { return p; }
  }
}

@compute @workgroup_size(16, 16)
fn cs(@builtin(global_invocation_id) id: vec3u) {
  let texel = id.xy;
  if (any(texel >= textureDimensions(picture))) {
    return;
  }
  let rgb = pixelAt(planes, stored(planes, planes.origin + texel));
  textureStore(picture, texel, vec4f(vec3f(rgb) / 255.0, 1.0));
}
