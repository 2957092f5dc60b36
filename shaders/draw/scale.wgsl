// The article's scale, computed on the GPU so drawing needs no readback: per channel,
// max(1 / tallest bin, 0.2 * numBins / numEntries). The fullest bin reaches the top
// unless it is more than five times the average bin (numEntries / numBins): then a
// bin of five times the average reaches the top and a spike above it is cut. The
// tallest bins go along, for the studio's logarithmic scale.

struct Entries {
  numEntries: u32,
};

@group(0) @binding(0) var<storage, read> bins: array<u32>;
@group(0) @binding(1) var<storage, read_write> result: Scale;
@group(0) @binding(2) var<uniform> entries: Entries;

@compute @workgroup_size(1) fn cs() {
  var tallest = vec4u(1);
  for (var bin = 0u; bin < numBins; bin++) {
    for (var ch = 0u; ch < channels; ch++) {
      tallest[ch] = max(tallest[ch], bins[bin * channels + ch]);
    }
  }
  result.scale = max(1.0 / vec4f(tallest), vec4f(0.2 * f32(numBins) / f32(entries.numEntries)));
  result.tallest = vec4f(tallest);
}
