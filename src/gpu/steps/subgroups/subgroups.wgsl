// Subgroups: the privatized pass (../privatized) with the lanes of a subgroup
// agreeing before they add. A subgroup is the invocations a GPU runs in lockstep
// (32 on most NVIDIA GPUs, 64 on many AMD ones). Where the privatized kernel has
// every lane add 1 to its bin in workgroup memory, and lanes with the same bin
// queue on the same word, here the subgroup finds its smallest pending bin
// (subgroupMin), counts the lanes that have it (subgroupBallot), and one lane
// adds that count: one atomicAdd a distinct bin instead of one a pixel. A sky of
// one colour costs one add for the whole subgroup; noise costs a round a lane.

enable subgroups;
// The loop's rounds end when the subgroup agrees it has none left: every lane
// leaves together, but WGSL's analysis cannot know that a subgroup's answer is the
// same in every lane.
diagnostic(off, subgroup_uniformity);

const workgroupSize = 256u;
// No bin: a lane past the end of the band, or one whose bin is added.
const noBin = 0xffffffffu;

var<workgroup> bins: array<atomic<u32>, numBins * channels>;
@group(0) @binding(0) var<storage, read_write> result: array<atomic<u32>>;
@group(0) @binding(1) var ourTexture: texture_2d<f32>;
@group(0) @binding(2) var<uniform> band: Band;

// The subgroup's lanes add their bins (noBin: nothing), one atomicAdd a distinct bin.
fn addTogether(bin: u32, lane: u32) {
  var pending = bin;
  loop {
    let smallest = subgroupMin(pending);
    if (smallest == noBin) {
      break;
    }
    let same = subgroupBallot(pending == smallest);
    if (lane == 0u) {
      let lanes = countOneBits(same);
      atomicAdd(&bins[smallest], lanes.x + lanes.y + lanes.z + lanes.w);
    }
    if (pending == smallest) {
      pending = noBin;
    }
  }
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
  // pixel or without, so that its subgroup is whole at every ballot.
  let width = band.size.x;
  let count = width * band.size.y;
  let stride = num_workgroups.x * workgroupSize;
  for (var first = workgroup_id.x * workgroupSize; first < count; first += stride) {
    let i = first + local_invocation_index;
    let inside = i < count;
    var rgb = vec3u(0u);
    if (inside) {
      rgb = rgb8(textureLoad(ourTexture, band.origin + vec2u(i % width, i / width), 0));
    }
    for (var ch = 0u; ch < channels; ch++) {
      addTogether(select(noBin, binOf(rgb, ch) * channels + ch, inside), lane);
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
