// Shared by every histogram kernel. The GPU core puts the constants numBins,
// channels, chunkWidth and chunkHeight in front of this file, as the article
// builds them into its WGSL with template strings.

// The sRGB luminance weights (0.2126, 0.7152, 0.0722) times 10000. With them every
// channel value is an integer in 0..kValueMax, so a pixel lands in exactly the bin
// the CPU picks: no float rounding at bin edges.
const kLuminance = vec3u(2126u, 7152u, 722u);
const kValueMax = 2550000u;

// The rectangle of the texture one dispatch covers: large images are split into
// bands that fit the device's limits.
struct Band {
  origin: vec2u,
  size: vec2u,
};

// What the scale pass (scale.wgsl) writes for drawing: per channel the article's
// scale, and the tallest bin (for logarithmic counts).
struct Scale {
  scale: vec4f,
  tallest: vec4f,
};

// The 8-bit channels back from the texture's unorm floats (k / 255 * 255 rounds to k).
fn rgb8(color: vec4f) -> vec3u {
  return vec3u(color.rgb * 255.0 + 0.5);
}

// The bin of channel `ch`: R, G, B, luminance when counting 4 channels; luminance
// alone when counting 1. The article's min(u32(v * numBins), numBins - 1).
fn binOf(rgb: vec3u, ch: u32) -> u32 {
  // With 256 bins a channel's bin is its byte: c * 256 / 255 rounds down to c.
  if (numBins == 256u && channels == 4u && ch < 3u) {
    return rgb[ch];
  }
  var value = dot(rgb, kLuminance);
  if (channels == 4u && ch < 3u) {
    value = rgb[ch] * 10000u;
  }
  return min(value * numBins / kValueMax, numBins - 1u);
}

// Drawing (draw.wgsl, panel.wgsl, compose.wgsl): the article's channelMult picks
// which channels' `bits` count; the 4-bit answer picks one of 16 colours.
fn channelMask(bits: vec4<bool>, channelMult: vec4u) -> u32 {
  return dot(select(vec4u(0), vec4u(1, 2, 4, 8), bits), channelMult);
}
