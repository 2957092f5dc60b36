// Deep: 16-bit pictures counted at their stored depth, and more bins than the 8-bit
// kernels hold (up to 65536 a channel). The rule is src/deep.rs's, exactly.
//
// Pixels come as packed storage, 16 bits a sample as stored: word 0 holds R and G,
// word 1 B and A (alpha is not counted).
//
// Where the bins go: 4 channels x 4096 bins is 64 KB, four times the 16 KB of
// workgroup memory WebGPU promises. So a workgroup counts one channel only (its
// workgroup_id.y): 4096 bins of 32 bits fill the 16 KB exactly, and the pixels are
// read once per channel. Reading four times costs bandwidth, but a privatized
// count is what keeps a photo's crowded bins from serializing on global atomics;
// packing two 16-bit counts a word would halve the reads at the price of a
// workgroup flushing every 65535 pixels (NOTES.md). Past 4096 bins (the command
// line's 16-bit levels) nothing fits: `csGlobal` adds straight into the result.

const workgroupSize = 256u;
const privateBins = min(numBins, 4096u);

struct Deep {
  // Pixels in this dispatch.
  count: u32,
  // 2^depth - 1: the M of the rule.
  maxValue: u32,
};

var<workgroup> bins: array<atomic<u32>, privateBins>;
@group(0) @binding(0) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read> pixels: array<vec2u>;
@group(0) @binding(2) var<uniform> deep: Deep;

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

fn deepRgb(i: u32) -> vec3u {
  let p = pixels[i];
  return vec3u(p.x & 0xffffu, p.x >> 16u, p.y & 0xffffu);
}

// Channel ch's bin: R, G, B (s * N fits 32 bits: 65535 * 65536 < 2^32), or luminance.
fn deepBinOf(rgb: vec3u, ch: u32) -> u32 {
  if (channels == 4u && ch < 3u) {
    return min(rgb[ch] * numBins / deep.maxValue, numBins - 1u);
  }
  return deepBin(dot(rgb, kLuminance), deep.maxValue * 10000u);
}

@compute @workgroup_size(workgroupSize)
fn cs(
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
) {
  let ch = workgroup_id.y;
  let stride = num_workgroups.x * workgroupSize;
  for (var i = workgroup_id.x * workgroupSize + local_invocation_index; i < deep.count; i += stride) {
    atomicAdd(&bins[deepBinOf(deepRgb(i), ch)], 1u);
  }

  workgroupBarrier();

  for (var bin = local_invocation_index; bin < numBins; bin += workgroupSize) {
    let count = atomicLoad(&bins[bin]);
    if (count != 0u) {
      atomicAdd(&result[bin * channels + ch], count);
    }
  }
}

@compute @workgroup_size(workgroupSize)
fn csGlobal(
  @builtin(global_invocation_id) global_invocation_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
) {
  let stride = num_workgroups.x * workgroupSize;
  for (var i = global_invocation_id.x; i < deep.count; i += stride) {
    let rgb = deepRgb(i);
    for (var ch = 0u; ch < channels; ch++) {
      atomicAdd(&result[deepBinOf(rgb, ch) * channels + ch], 1u);
    }
  }
}
