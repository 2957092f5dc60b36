// A pixel remapped through an adjustment's tables (src/adjust.rs is the CPU
// reference). Shared by the picture pass, which shows it, and the count of the
// adjusted histogram (adjusted.wgsl); each declares the pipeline constant
// `adjustment` and the `tables` these functions read. Rounding is to the nearest
// level, halves up, as on the CPU.

// The luma of 8-bit R'G'B' in levels 0..255 (the histogram's luminance), and its bin
// of 256, by the exact integer rule of common.wgsl.
fn lumaBin(rgb: vec3u) -> u32 {
  return min(dot(rgb, kLuminance) * 256u / kValueMax, 255u);
}

fn nearest(x: vec3f) -> vec3f {
  return clamp(floor(x + 0.5), vec3f(0.0), vec3f(255.0));
}

// R'G'B' with its luma moved to `luma` (levels), chroma kept: the same amount added
// to each channel leaves Cb and Cr, which are differences from luma, as they were.
fn withLuma(rgb: vec3u, luma: f32) -> vec3f {
  let delta = luma - f32(dot(rgb, kLuminance)) / 10000.0;
  return nearest(vec3f(rgb) + delta);
}

// CLAHE's tile size, as src/adjust.rs's clahe_tile_size (OpenCV's): when either
// side does not divide evenly, both are padded by `grid - size % grid`.
fn claheTile(size: vec2u, grid: vec2u) -> vec2u {
  if (all(size % grid == vec2u(0u))) {
    return size / grid;
  }
  return (size + grid - size % grid) / grid;
}

// CLAHE: the pixel's new luma, interpolated between the tables of the four nearest
// tile centres (OpenCV's placement: pixel x lies at x / tileWidth - 0.5 tiles).
fn claheLuma(texel: vec2u, bin: u32, size: vec2u, grid: vec2u) -> f32 {
  let t = vec2f(texel) / vec2f(claheTile(size, grid)) - 0.5;
  let first = floor(t);
  let a = t - first;
  let last = vec2i(grid) - 1;
  let t1 = clamp(vec2i(first), vec2i(0), last);
  let t2 = clamp(vec2i(first) + 1, vec2i(0), last);
  let row1 = u32(t1.y) * grid.x;
  let row2 = u32(t2.y) * grid.x;
  let v11 = tables[(row1 + u32(t1.x)) * 256u + bin];
  let v12 = tables[(row1 + u32(t2.x)) * 256u + bin];
  let v21 = tables[(row2 + u32(t1.x)) * 256u + bin];
  let v22 = tables[(row2 + u32(t2.x)) * 256u + bin];
  return mix(mix(v11, v12, a.x), mix(v21, v22, a.x), a.y);
}

// The adjusted colour (0..255) of the 8-bit pixel at `texel` of a picture of `size`
// (CLAHE's tiles a `grid`).
fn adjusted(rgb: vec3u, texel: vec2u, size: vec2u, grid: vec2u) -> vec3f {
  switch adjustment {
    case 1u: {
      return withLuma(rgb, tables[lumaBin(rgb)]);
    }
    case 2u: {
      return vec3f(tables[rgb.r], tables[256u + rgb.g], tables[512u + rgb.b]);
    }
    case 3u: {
      return vec3f(select(0.0, 255.0, f32(lumaBin(rgb)) > tables[0]));
    }
    case 4u: {
      return withLuma(rgb, floor(claheLuma(texel, lumaBin(rgb), size, grid) + 0.5));
    }
    default: {
      return vec3f(rgb);
    }
  }
}
