# www/fragment.html
fragment-title = Counting in a fragment shader · WebGPU Image Histogram
fragment-description =
    .content =
    The article&#x27;s unlinked example: a triangle over the image whose fragments do the
    atomicAdd, timed beside the compute version.
fragment-heading = Counting in a fragment shader
fragment-before-compute-shaders =
    Before compute shaders, GPUs counted with the rasterizer. The article keeps an example of it
    that it never links: draw one triangle big enough to cover a viewport the size of the image,
    and let every fragment read its pixel and do the <code>atomicAdd</code>. The colour target
    is never written (<code>writeMask: 0</code>); it is only there because a render pass needs
    one.
fragment-diagram-plays-fragment =
    The diagram plays the fragment shader as written on the introduction's 6×7 picture: the
    triangle covers the 6×7 viewport, so there are 42 fragments, one a pixel, and
    <code>fragCoord</code> is each pixel's centre (x + 0.5, y + 0.5), which <code>vec2u</code>
    rounds down to the pixel. It plays them four at once, as the atomic page plays its
    workgroups of one; a real GPU runs far more.
fragment-counting-atomic-page =
    The counting is the atomic page's, to the letter. What changes is who hands out the pixels.
    The compute version asks for workgroups of <em>one</em> invocation, so each group of 32 or
    64 lanes runs one pixel with the others idle. The rasterizer packs fragments into full
    groups, four neighbours at a time.
fragment-both-still-make =
    Both still make every pixel wait its turn on a bin in memory, and where that wait is most of
    the time the two end up closer than the idle lanes suggest. Full groups may pay where
    neighbours share a bin: some GPUs merge the adds of a group's lanes to one address (others
    do not), which a group of one lane never offers. Which version wins, and on which pictures,
    is for each GPU to show.
fragment-table-below-times =
    The table below times both on your GPU and picture. Play the video or use the camera, and
    every frame is counted by the fragments and drawn with its histograms, the two versions
    timed on alternate frames. The chunked kernels of Part 1 count in workgroup memory first and
    leave both far behind.
