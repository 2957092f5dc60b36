// One invocation per bin walks down every chunk and adds it up. Simple, but only
// numBins x channels invocations run, each reading every chunk in turn.
//
// Eight chunks a step, into eight partial sums: their loads do not wait for each
// other, so each invocation has eight in flight instead of one. A browser checks
// every index, which keeps its compiler from doing this itself: on an H100 the
// one-at-a-time loop took 3x as long in Chromium as natively (docs/DECISIONS.md, 10).

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
  var partial = array<u32, 8>();
  var chunk = 0u;
  for (; chunk + 8u <= sum.numChunks; chunk += 8u) {
    for (var k = 0u; k < 8u; k++) {
      partial[k] += chunks[chunk + k][bin];
    }
  }
  var total = 0u;
  for (; chunk < sum.numChunks; chunk++) {
    total += chunks[chunk][bin];
  }
  for (var k = 0u; k < 8u; k++) {
    total += partial[k];
  }
  // Add, not assign: the bands of a large image accumulate into the same bins.
  bins[bin] += total;
}
