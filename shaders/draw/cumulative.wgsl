// The studio's cumulative view: each bin holds its count and every count below
// it, so a bin's height is the share of pixels at or under its levels. A channel
// an invocation, its bins in order (the studio's bins are few: 4096 at most).

@group(0) @binding(0) var<storage, read> bins: array<u32>;
@group(0) @binding(1) var<storage, read_write> cumulative: array<u32>;

@compute @workgroup_size(4) fn cs(@builtin(local_invocation_index) ch: u32) {
  if (ch >= channels) {
    return;
  }
  var sum = 0u;
  for (var bin = 0u; bin < numBins; bin++) {
    sum += bins[bin * channels + ch];
    cumulative[bin * channels + ch] = sum;
  }
}
