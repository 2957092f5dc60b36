// The adjusted picture at full size, written by a compute pass: each pixel
// remapped by remap.wgsl (put in front of this file), as the picture pass shows
// it. For the command-line tool's `adjust`, the studio's download and the
// benchmark; a compute pass, because a render pass over every pixel runs on the
// few graphics units that compute GPUs such as the H100 have.

override adjustment: u32;

struct Picture {
  size: vec2u,
  tiles: vec2u,
};

@group(0) @binding(0) var picture: texture_2d<f32>;
@group(0) @binding(1) var<storage, read> tables: array<f32>;
@group(0) @binding(2) var<uniform> pic: Picture;
@group(0) @binding(3) var adjustedPicture: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(16, 16)
fn cs(@builtin(global_invocation_id) global_invocation_id: vec3u) {
  let texel = global_invocation_id.xy;
  if (any(texel >= pic.size)) {
    return;
  }
  let original = textureLoad(picture, texel, 0);
  let shown = adjusted(rgb8(original), texel, pic.size, pic.tiles);
  // Whole levels, so the store to 8 bits is exact; alpha is kept.
  textureStore(adjustedPicture, texel, vec4f(shown / 255.0, original.a));
}
