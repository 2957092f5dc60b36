// Draws the picture (a video frame or an image) into the target: the matrix maps the
// target's unit square to texture coordinates, so "cover" (the video page: the
// frame fills the target, cropped) and "contain" (the studio: all of it shows,
// letterboxed) are only different matrices. The studio's extras are pipeline
// constants, so a page that does not use them runs none of their code:
// - clipping: pixels with a channel at 255 shown red, else with one at 0 blue, as
//   Lightroom warns of clipped highlights and shadows;
// - adjustment: each pixel remapped through tables that a compute pass made from
//   the histogram (adjust.wgsl, clahe.wgsl), as remap.wgsl (put in front of this
//   file) does it: 1 equalized luma, 2 levels per
//   channel, 3 Otsu's threshold, 4 CLAHE (a table per tile, interpolated); left of
//   `split` the picture shows as it is, right of it adjusted. Rounding is to the
//   nearest level, halves up, as in the CPU reference (src/adjust.rs);
// - managed: the colour shown through the file's profile, as the browser shows the
//   file: `display` is the browser's decode of 65 levels a channel carried through it
//   (src/profile.rs), sampled between them. The counts never see it.
// - overlay: 1 zebra stripes on the pixels whose luma (of the values shown) is at
//   or above `zebra`, 2 false colour, each pixel the colour of its luma's band or
//   its luma as grey (src/scope/overlay.rs, the CPU reference, gives the tables).

override clipping: bool = false;
override adjustment: u32 = 0u;
override managed: bool = false;
override overlay: u32 = 0u;

struct View {
  matrix: mat4x4f,
  // The picture's size in pixels, and CLAHE's grid of tiles.
  size: vec2u,
  tiles: vec2u,
  // Texture x from which the adjustment shows.
  split: f32,
  // The zebra's lowest luma level, its stripes' width in target pixels and
  // their colour (packed, red low).
  zebra: u32,
  stripe: u32,
  stripeColour: u32,
  // False colour's bands: levels from, to, the colour packed (red low).
  bands: array<vec4u, 6>,
};

@group(0) @binding(0) var picture: texture_2d<f32>;
@group(0) @binding(1) var pictureSampler: sampler;
@group(0) @binding(2) var<uniform> view: View;
@group(0) @binding(3) var<storage, read> tables: array<f32>;
@group(0) @binding(4) var display: texture_3d<f32>;
@group(0) @binding(5) var displaySampler: sampler;

@vertex fn vs(@builtin(vertex_index) vertexIndex: u32) -> VSOutput {
  let xy = quadCorner(vertexIndex);
  var vsOutput: VSOutput;
  vsOutput.position = vec4f(xy * 2.0 - 1.0, 0.0, 1.0);
  // Texture rows run top to bottom; clip space runs bottom to top.
  vsOutput.texcoord = (view.matrix * vec4f(xy.x, 1.0 - xy.y, 0.0, 1.0)).xy;
  return vsOutput;
}

@fragment fn fs(fsInput: VSOutput) -> @location(0) vec4f {
  let uv = fsInput.texcoord;
  // Outside the picture (contain fit): the page shows through.
  if (any(uv < vec2f(0.0)) || any(uv > vec2f(1.0))) {
    return vec4f(0.0);
  }
  var color = textureSampleLevel(picture, pictureSampler, uv, 0.0);
  // The stored (or adjusted) values, exact, where clipping asks for them.
  var shown: vec3f;
  if (clipping || adjustment != 0u || overlay != 0u) {
    // The one pixel under the fragment: clipping, tables and the overlay read exact values.
    let texel = min(vec2u(uv * vec2f(view.size)), view.size - 1u);
    let rgb = rgb8(textureLoad(picture, texel, 0));
    shown = vec3f(rgb);
    if (adjustment != 0u && uv.x >= view.split) {
      shown = adjusted(rgb, texel, view.size, view.tiles);
      color = vec4f(shown / 255.0, color.a);
    }
  }
  if (managed) {
    let side = f32(textureDimensions(display).x);
    let at = (color.rgb * (side - 1.0) + 0.5) / side;
    color = vec4f(textureSampleLevel(display, displaySampler, at, 0.0).rgb, color.a);
  }
  if (clipping) {
    if (any(shown >= vec3f(255.0))) {
      color = vec4f(1.0, 0.0, 0.0, 1.0);
    } else if (any(shown <= vec3f(0.0))) {
      color = vec4f(0.0, 77.0 / 255.0, 1.0, 1.0);
    }
  }
  if (overlay != 0u) {
    let luma = lumaBin(vec3u(shown));
    if (overlay == 1u) {
      let at = vec2u(fsInput.position.xy);
      if (luma >= view.zebra && (at.x + at.y) / view.stripe % 2u == 0u) {
        color = unpack4x8unorm(view.stripeColour);
      }
    } else {
      color = vec4f(vec3f(f32(luma) / 255.0), 1.0);
      for (var i = 0u; i < 6u; i++) {
        let band = view.bands[i];
        if (luma >= band.x && luma <= band.y) {
          color = unpack4x8unorm(band.z);
        }
      }
    }
  }
  return color;
}
