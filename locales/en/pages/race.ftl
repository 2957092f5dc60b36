# www/race.html
race-title = GPU: one invocation per pixel (race) · WebGPU Image Histogram
race-description =
    .content = Every pixel in parallel without atomics: fast and wrong, with the lost counts shown.
race-heading = GPU: one invocation per pixel (race)
race-one-invocation-walked =
    One invocation walked every pixel on the last page while thousands sat idle. Here each pixel
    gets an invocation of its own: the kernel asks for its <code>global_invocation_id</code>,
    uses it as the pixel's position, reads that pixel and adds 1 to its bin with a plain
    <code>bins[bin] += 1u</code>. Every one of them runs at the same time, as far as the GPU
    can.
race-diagram-runs-this =
    The diagram runs this kernel on the 6×7 picture of the introduction, one pixel a workgroup,
    four workgroups at a time. Watch a bin's load and its store: between them another invocation
    may load the same value.
race-why-counts-go = Why counts go missing
race-three-instructions-load =
    The <code>+=</code> is three instructions: load the bin, add one, store it. Two invocations
    that load the same bin before either stores both store the old value plus one, and one of
    the two counts is gone. Nothing fails and nothing warns: the bins simply add up to less than
    the pixel count, by an amount that depends on which invocations happened to overlap. In the
    diagram you choose the interleaving (the seed) and it names every count its stores
    overwrote; on the GPU the timing of the hardware chooses, which is why the runs below differ
    from each other.
race-collisions-are-likeliest =
    Collisions are likeliest where the picture has the most pixels of one brightness, so the
    losses pile up in the tallest bins. The red strips under each run show them bin by bin
    against the exact histogram, on a logarithmic scale.
race-dispatch = The dispatch
race-with-workgroup-1 =
    With a workgroup of 1×1 the dispatch is one workgroup per pixel. For this
    <span data-fact="size">picture</span> the page asked for:
race-workgroup-16-16 =
    A workgroup of 16×16 needs the picture's size divided by 16, rounded up, in each direction,
    and the rounding launches invocations past the picture's right or bottom edge; the kernel's
    <code>if (all(position &lt; band.size))</code> sends them back without reading anything, as
    every per-pixel kernel must. In this run <span data-fact="outside">some</span> of the
    <span data-fact="launched">launched</span> invocations fell outside.
