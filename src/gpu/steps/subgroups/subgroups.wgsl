// Subgroups: the privatized pass (../privatized) with the lanes of a subgroup
// voting, before they add, on whether they all hold the same colour. A subgroup is
// the invocations a GPU schedules together (32 on most NVIDIA GPUs, 64 on many AMD
// ones). Where every lane with a pixel has the first lane's colour (a flat
// backdrop, a graphic: neighbouring pixels exactly alike), as subgroupBroadcastFirst
// and subgroupAll find out, one lane adds the number of lanes with a pixel
// (subgroupBallot) to each of its bins: one atomicAdd a bin, where the privatized
// kernel makes one a lane, each waiting for the last. Elsewhere each lane adds its
// own, as there. WGSL does not promise that every lane of a subgroup is active, so
// the lane that adds for all is the first active one (lane 0 only where it is).

enable subgroups;

const workgroupSize = 256u;

var<workgroup> bins: array<atomic<u32>, numBins * channels>;
@group(0) @binding(0) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(1) var ourTexture: texture_2d<f32>;
@group(0) @binding(2) var<uniform> band: Band;

// The lowest lane of a ballot: the lane subgroupBroadcastFirst reads (naga has no
// subgroupElect yet, which would say it at once).
fn lowestLane(ballot: vec4u) -> u32 {
  if (ballot.x != 0u) { return firstTrailingBit(ballot.x); }
  if (ballot.y != 0u) { return 32u + firstTrailingBit(ballot.y); }
  if (ballot.z != 0u) { return 64u + firstTrailingBit(ballot.z); }
  return 96u + firstTrailingBit(ballot.w);
}

@compute @workgroup_size(workgroupSize)
fn cs(
  @builtin(workgroup_id) workgroup_id: vec3u,
  @builtin(num_workgroups) num_workgroups: vec3u,
  @builtin(local_invocation_index) local_invocation_index: u32,
  @builtin(subgroup_invocation_id) lane: u32,
) {
  // The band's pixels in reading order, a workgroup's invocations side by side.
  // Every invocation goes round as often as the rest of its workgroup, with a
  // pixel or without, so that the subgroup functions are reached in uniform
  // control flow, by the whole subgroup. The position steps by the stride.
  let width = band.size.x;
  let count = width * band.size.y;
  let stride = num_workgroups.x * workgroupSize;
  let step = vec2u(stride % width, stride / width);
  let start = workgroup_id.x * workgroupSize + local_invocation_index;
  var position = vec2u(start % width, start / width);
  for (var first = workgroup_id.x * workgroupSize; first < count; first += stride) {
    let has = first + local_invocation_index < count;
    var rgb = vec3u(0u);
    if (has) {
      rgb = rgb8(textureLoad(ourTexture, band.origin + position, 0));
    }
    let ballot = countOneBits(subgroupBallot(has));
    let lanes = ballot.x + ballot.y + ballot.z + ballot.w;
    // A colour as one word, so one vote answers for every channel.
    let colour = rgb.r | (rgb.g << 8u) | (rgb.b << 16u);
    // `|`, not `||`: a short circuit is a branch, and the broadcast must be
    // reached by every lane.
    let firstColour = subgroupBroadcastFirst(colour);
    let alike = subgroupAll(!has | (colour == firstColour));
    let leader = lane == lowestLane(subgroupBallot(true));
    for (var ch = 0u; ch < channels; ch++) {
      let bin = binOf(rgb, ch) * channels + ch;
      if (alike) {
        // The leader's colour is the subgroup's (or, without a pixel, black, and
        // then so is every lane's that has one).
        if (leader && lanes > 0u) {
          atomicAdd(&bins[bin], lanes);
        }
      } else if (has) {
        atomicAdd(&bins[bin], 1u);
      }
    }
    position += step;
    if (position.x >= width) {
      position = vec2u(position.x - width, position.y + 1u);
    }
  }

  workgroupBarrier();

  for (var bin = local_invocation_index; bin < numBins * channels; bin += workgroupSize) {
    let count = atomicLoad(&bins[bin]);
    if (count != 0u) {
      atomicAdd(&result[bin], count);
    }
  }
}
