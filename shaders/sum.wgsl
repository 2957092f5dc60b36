// One invocation per bin walks down every chunk and adds it up. Simple, but only
// numBins x channels invocations run, each reading every chunk in turn.

struct Sum {
  numChunks: u32,
};

@group(0) @binding(0) var<storage, read_write> bins: array<u32>;
@group(0) @binding(1) var<storage, read> chunks: array<array<u32, numBins * channels>>;
@group(0) @binding(2) var<uniform> sum: Sum;

@compute @workgroup_size(256) fn cs(@builtin(global_invocation_id) global_invocation_id: vec3u) {
  let bin = global_invocation_id.x;
  if (bin >= numBins * channels) {
    return;
  }
  var total = 0u;
  for (var chunk = 0u; chunk < sum.numChunks; chunk++) {
    total += chunks[chunk][bin];
  }
  // Add, not assign: the bands of a large image accumulate into the same bins.
  bins[bin] += total;
}
