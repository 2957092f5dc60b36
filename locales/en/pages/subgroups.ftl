# www/subgroups.html
subgroups-title = Beyond the article: subgroups · WebGPU Image Histogram
subgroups-description =
    .content =
    The lanes a GPU runs together vote on whether they hold one colour, and where they do, add
    once for all.
subgroups-heading = Beyond the article: subgroups
subgroups-gpu-does-not =
    A GPU does not run a workgroup's invocations one by one: it runs them in <em>subgroups</em>,
    lanes that it schedules together (from 4 to 128 of them, depending on the GPU). WebGPU's
    <code>subgroups</code> feature lets the lanes of a subgroup talk to each other without going
    through memory: hand one lane's value to all, ask whether every lane says yes, or take a
    <em>ballot</em>, one bit a lane, of which lanes say yes.
subgroups-privatized-kernel-has =
    The privatized kernel has every lane add 1 to its pixel's bins in workgroup memory, so lanes
    with the same bin make atomic adds to one word, which on most GPUs take their turns. Here
    the lanes of a subgroup first vote: does every lane with a pixel have the first active
    lane's colour (<code>subgroupBroadcastFirst</code>, then <code>subgroupAll</code>)? If so,
    that lane, the leader, adds the number of lanes with a pixel (<code>subgroupBallot</code>,
    then <code>countOneBits</code>) to each of that colour's bins: one add a bin for the whole
    subgroup. If not, each lane adds its own, as before. Neither WGSL nor WebGPU promises that
    every lane of a subgroup is active, so the leader is found from a ballot of the active
    lanes, not taken to be lane 0: where lanes are missing, no count is lost.
subgroups-diagram-runs-this =
    The diagram runs this kernel on a sky over a field, 8×5 pixels, one pixel a lane. In the
    diagram a subgroup's lanes go in step: none starts an instruction before all have finished
    the last. A GPU need not keep them in step everywhere, but every lane of a subgroup reaches
    each subgroup function, and it answers them all at once. Each pixel is underlined once its
    subgroup has voted: green where the lanes agreed, orange where they did not. How many lanes
    a subgroup has is the GPU's choice (on some GPUs, its compiler's, kernel by kernel): the
    diagram starts at 8 lanes, then plays the size this kernel ran at on your GPU, where it has
    subgroups and the diagram plays that size (4 to 64); you can choose another. The simulator
    numbers lanes in order (lane 0 of subgroup 1 is the workgroup's invocation 8 when a subgroup
    has 8 lanes); WGSL leaves that to the GPU, so the page also counts the adds your GPU's
    kernel made to workgroup memory and sets them beside the simulation's.
subgroups-whether-it-pays = Whether it pays
subgroups-vote-costs-every =
    The vote costs every pixel a broadcast and two votes, and it wins only where a whole
    subgroup's pixels are exactly the same 8-bit colour: a flat backdrop, a graphic, a picture
    of one colour. A photographed sky, with its noise and gradients, seldom has a subgroup's
    worth of identical pixels. Some GPUs merge the atomic adds of a subgroup's lanes to one
    address themselves (others do not); there the vote may cost more than it saves. Where your
    GPU runs this kernel, the times below set it beside the privatized kernel and the article's
    chunks + reduce on your picture.
subgroups-keeping-subgroup-whole = Keeping the subgroup whole
subgroups-vote-counts-only =
    A vote counts only the lanes that take part in it, and by default WGSL accepts a subgroup
    function only where it can prove that every invocation gets there together (uniform control
    flow). So every lane of a workgroup goes round the pixel loop as often as the others, with a
    pixel or, past the end of the picture, without one, and the vote comes before any branch
    that depends on it. Where the GPU's device has no subgroups, the page says so, shows the
    kernel, and counts with the privatized kernel instead.
