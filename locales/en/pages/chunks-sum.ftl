# www/chunks-sum.html
chunks-sum-title = GPU: workgroup chunks + sum · WebGPU Image Histogram
chunks-sum-description =
    .content = Each workgroup counts its chunk in workgroup memory; one workgroup then sums the chunks.
chunks-sum-heading = GPU: workgroup chunks + sum
chunks-sum-atomicadd-made-counts =
    atomicAdd made the counts right, but every invocation of the picture queued on the same few
    words of storage memory. This step splits the picture into <em>chunks</em> and gives each
    chunk a workgroup whose invocations count into bins of their own, in
    <code>var&lt;workgroup&gt;</code> memory: on the chip, shared only by that workgroup, and
    far quicker for atomics. Only the invocations of one chunk ever wait for each other.
chunks-sum-diagram-runs-it =
    The diagram runs it on the introduction's picture with chunks of 3×1 pixels, so that 14 of
    them cover the 6×7 picture; each workgroup has 3 invocations and 3 bins. Follow one
    workgroup: its invocations count into its bins, wait at the barrier, then each copies one
    bin out to its chunk's column. Then the sum pass runs.
chunks-sum-ids = The ids
chunks-sum-workgroup-knows-place =
    A workgroup knows its place from <code>workgroup_id</code>, and each invocation its place
    inside from <code>local_invocation_id</code>. The pixel is the chunk's corner, its
    <code>workgroup_id</code> times the chunk size, plus the invocation's
    <code>local_invocation_id</code>. After the barrier, <code>local_invocation_index</code>
    (the local id as one number) picks which bins an invocation copies: bin <i>i</i>, <i>i</i> +
    the chunk size, and so on, so a chunk of 256 invocations copies 256 bins, one each.
chunks-sum-barrier = The barrier
chunks-sum-copy-must-not =
    The copy must not start before the counting ends: an invocation that copied a bin while
    another was still adding to it would copy a count too small. <code>workgroupBarrier()</code>
    makes every invocation of the workgroup wait there until all of them have arrived. It waits
    for that workgroup only; other workgroups run on. The barrier sits outside the bounds check,
    because every invocation of a workgroup must reach it, including those past the picture's
    edge.
chunks-sum-sum-why-it = The sum, and why it can be slow
chunks-sum-second-pass-adds =
    A second pass adds the chunks: one invocation per bin walks down every chunk's column and
    adds it up. For this <span data-fact="size">picture</span> in
    <span data-fact="shape">256×1</span> chunks there are <span data-fact="chunks">many</span>
    chunks (<span data-fact="chunk-bytes">some</span> of them), and each sum invocation reads
    one number from every one, one after another, while the counting pass had a workgroup a
    chunk. Which of the two passes takes longer depends on the GPU. The article, on its author's
    machine and its 2448×1505 picture, reports the counting pass at 0.2 ms and the sum at 11 ms,
    slower than the previous step's whole count; on another machine of its author, the whole
    count went from 4.4 ms to 1.7 ms. Where the CPU plays the GPU it can be the other way round.
    The table of passes below times the two apart on yours; on three of the article's four
    machines the next page's reduction, which replaces only the sum, made the whole count faster
    (its figures are set beside yours below, for a picture of their size). The dispatches were:
chunks-sum-host-side = On the host side
chunks-sum-chunk-s-width =
    The chunk's width and height are WGSL constants that the page writes above the kernel's text
    before compiling it, as the article does with its <code>sharedConstants</code>; the listing
    below shows them as compiled. The workgroup size, the workgroup bins' length and the copy
    loop all follow from them: a <code>var&lt;workgroup&gt;</code> array has no
    <code>arrayLength()</code>, its length is fixed when the module is compiled.
chunks-sum-chunks-buffer-storage =
    The chunks buffer is a storage buffer with a row of bins a chunk: chunks across × chunks
    down × bins × 4 bytes. Each pass has its pipeline and its bind group: the chunks pass binds
    the chunks buffer, the picture's texture and the band it counts; the sum pass binds the
    chunks to read, the bins to add into and the number of chunks. Both dispatches go in one
    compute pass, the chunks first, the sum after, and WebGPU makes the first's writes visible
    to the second. The bins are then copied to a buffer the page can map, as on every page of
    part 1.
chunks-sum-sum-kernel-differs =
    The sum kernel differs from the article's in one way: it adds eight chunks a step into eight
    partial sums, so that each invocation has eight loads in flight instead of one; a browser
    checks every index against the buffer's length, which keeps the GPU's compiler from making
    that change itself. It adds into the bins rather than writing them, so that a picture
    counted in bands adds up.
