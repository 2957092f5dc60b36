// The histogram of the adjusted picture, counted without drawing it: each pixel
// remapped as the picture pass shows it (remap.wgsl, in front of this file), then
// counted. The studio shows it beside the picture's own histogram. Counted as the
// video frame pass counts (yuv.wgsl, and docs/DECISIONS.md, 17, on why): few invocations, each
// over many pixels into its own histogram in private memory, flushed once; on
// SwiftShader, workgroup atomics per pixel made this pass cost as much as the
// rest of a frame.

override adjustment: u32;

const workgroupSize = 16u;

// The picture's size and CLAHE's grid (as the picture pass has them), and the
// rectangle counted: the region the picture's own histogram counts, so that
// Before and After are of the same pixels.
struct Picture {
  size: vec2u,
  tiles: vec2u,
  origin: vec2u,
  extent: vec2u,
};

@group(0) @binding(0) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(1) var picture: texture_2d<f32>;
@group(0) @binding(2) var<storage, read> tables: array<f32>;
@group(0) @binding(3) var<uniform> pic: Picture;

@compute @workgroup_size(workgroupSize)
fn cs(
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  var counts: array<u32, numBins * channels>;
  // Read once: SwiftShader loads a uniform again at every use.
  let size = pic.size;
  let grid = pic.tiles;
  let origin = pic.origin;
  let extent = pic.extent;
  // Workgroups take rows in turn, invocations the pixels across a row.
  for (var y = workgroup_id.x; y < extent.y; y += num_workgroups.x) {
    for (var x = local_invocation_index; x < extent.x; x += workgroupSize) {
      let texel = origin + vec2u(x, y);
      let rgb = vec3u(adjusted(rgb8(textureLoad(picture, texel, 0)), texel, size, grid));
      // The four channels written out (R, G, B, luminance): as a loop, SwiftShader
      // is slower.
      counts[binOf(rgb, 0u) * channels] += 1u;
      counts[binOf(rgb, 1u) * channels + 1u] += 1u;
      counts[binOf(rgb, 2u) * channels + 2u] += 1u;
      counts[binOf(rgb, 3u) * channels + 3u] += 1u;
    }
  }
  for (var bin = 0u; bin < numBins * channels; bin++) {
    if (counts[bin] != 0u) {
      atomicAdd(&result[bin], counts[bin]);
    }
  }
}
