// Deep: 16-bit pictures counted at their stored depth, and more bins than the 8-bit
// kernels hold (up to 65536 a channel). The rule is src/deep.rs's, exactly.
//
// Pixels come as packed storage, 16 bits a sample as stored, in whole rows of the
// picture: word 0 holds R and G, word 1 B and A (alpha is not counted). A band
// (binding 2) is the counted rectangle of those rows: a region is read in place.
//
// Where the bins go: 4 channels x 4096 bins of 32 bits is 64 KB, four times the
// 16 KB of workgroup memory WebGPU promises. A workgroup's counts are 16 bits (it
// counts at most 65535 pixels: the grid sees to it), two channels' bins to a
// word: 8192 channel-bins in 16 KB. So a workgroup counts all four channels of
// its pixels up to 2048 bins, and two of them up to 4096: the four channels'
// workgroups of a piece of the picture then read it twice, side by side in the
// grid (x the channels, y the piece) so that the second read should come from
// cache. A privatized count is what keeps a photo's crowded bins from
// serializing on global atomics. Past 4096 bins (the command line's 16-bit
// levels) nothing fits: `csGlobal` adds straight into the result.

const workgroupSize = 256u;
// Channels a workgroup counts: as many as 8192 16-bit counts hold.
const groupChannels = min(channels, max(8192u / numBins, 1u));

// The picture's samples: its rows' length in pixels, and 2^depth - 1 (the M of
// the rule).
struct Samples {
  width: u32,
  maxValue: u32,
};

// Channel k's bin b (of the workgroup's) at word (k / 2) * numBins + b, in its
// low (k even) or high half.
var<workgroup> bins: array<atomic<u32>, 4096>;
@group(0) @binding(0) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read> pixels: array<vec2u>;
@group(0) @binding(2) var<uniform> band: Band;
@group(0) @binding(3) var<uniform> samples: Samples;

// a * b as 64 bits: (high word, low word).
fn mulWide(a: u32, b: u32) -> vec2u {
  let a0 = a & 0xffffu;
  let a1 = a >> 16u;
  let b0 = b & 0xffffu;
  let b1 = b >> 16u;
  let low = a0 * b0;
  let cross0 = a0 * b1;
  let cross1 = a1 * b0;
  let middle = (low >> 16u) + (cross0 & 0xffffu) + (cross1 & 0xffffu);
  return vec2u(a1 * b1 + (cross0 >> 16u) + (cross1 >> 16u) + (middle >> 16u),
               (low & 0xffffu) | (middle << 16u));
}

fn lessWide(a: vec2u, b: vec2u) -> bool {
  return a.x < b.x || (a.x == b.x && a.y < b.y);
}

// floor(value * numBins / max), clamped to the last bin. value * numBins can pass
// 32 bits (a 16-bit luminance is up to 655,350,000): an f32 estimate, within one
// of the exact quotient, is checked and corrected in 64-bit integers.
fn deepBin(value: u32, max: u32) -> u32 {
  var bin = u32(f32(value) / f32(max) * f32(numBins));
  let scaled = mulWide(value, numBins);
  if (bin > 0u && lessWide(scaled, mulWide(bin, max))) {
    bin -= 1u;
  } else if (!lessWide(scaled, mulWide(bin + 1u, max))) {
    bin += 1u;
  }
  return min(bin, numBins - 1u);
}

// The band's pixel `position`, as R, G, B samples.
fn deepRgb(position: vec2u) -> vec3u {
  let at = band.origin + position;
  let p = pixels[at.y * samples.width + at.x];
  return vec3u(p.x & 0xffffu, p.x >> 16u, p.y & 0xffffu);
}

// Channel ch's bin: R, G, B (s * N fits 32 bits: 65535 * 65536 < 2^32), or luminance.
fn deepBinOf(rgb: vec3u, ch: u32) -> u32 {
  if (channels == 4u && ch < 3u) {
    return min(rgb[ch] * numBins / samples.maxValue, numBins - 1u);
  }
  return deepBin(dot(rgb, kLuminance), samples.maxValue * 10000u);
}

// The band's pixels in reading order from `first`, `stride` apart, as the
// privatized kernel walks them: the position steps by the stride, with no
// division a pixel.
struct Walk {
  i: u32,
  position: vec2u,
  step: vec2u,
};

fn walkFrom(first: u32, stride: u32) -> Walk {
  let width = band.size.x;
  return Walk(first, vec2u(first % width, first / width), vec2u(stride % width, stride / width));
}

fn next(walk: ptr<function, Walk>, stride: u32) {
  (*walk).i += stride;
  (*walk).position += (*walk).step;
  if ((*walk).position.x >= band.size.x) {
    (*walk).position = vec2u((*walk).position.x - band.size.x, (*walk).position.y + 1u);
  }
}

@compute @workgroup_size(workgroupSize)
fn cs(
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  let first = workgroup_id.x * groupChannels;
  let count = band.size.x * band.size.y;
  let stride = num_workgroups.y * workgroupSize;
  var walk = walkFrom(workgroup_id.y * workgroupSize + local_invocation_index, stride);
  while (walk.i < count) {
    let rgb = deepRgb(walk.position);
    for (var k = 0u; k < groupChannels; k++) {
      if (first + k < channels) {
        let word = (k >> 1u) * numBins + deepBinOf(rgb, first + k);
        atomicAdd(&bins[word], 1u << ((k & 1u) * 16u));
      }
    }
    next(&walk, stride);
  }

  workgroupBarrier();

  for (var word = local_invocation_index; word < (groupChannels + 1u) / 2u * numBins; word += workgroupSize) {
    let pair = atomicLoad(&bins[word]);
    let bin = word % numBins;
    let ch = first + word / numBins * 2u;
    if ((pair & 0xffffu) != 0u) {
      atomicAdd(&result[bin * channels + ch], pair & 0xffffu);
    }
    if ((pair >> 16u) != 0u) {
      atomicAdd(&result[bin * channels + ch + 1u], pair >> 16u);
    }
  }
}

@compute @workgroup_size(workgroupSize)
fn csGlobal(
  @builtin(global_invocation_id) global_invocation_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
) {
  let count = band.size.x * band.size.y;
  let stride = num_workgroups.x * workgroupSize;
  var walk = walkFrom(global_invocation_id.x, stride);
  while (walk.i < count) {
    let rgb = deepRgb(walk.position);
    for (var ch = 0u; ch < channels; ch++) {
      atomicAdd(&result[deepBinOf(rgb, ch) * channels + ch], 1u);
    }
    next(&walk, stride);
  }
}
