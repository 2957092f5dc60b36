# www/packed.html
packed-title = Beyond the article: packed pixels, replicated bins · WebGPU Image Histogram
packed-description =
    .content = Four pixels per load from a storage buffer, and histogram copies against contention.
packed-heading = Beyond the article: packed pixels, replicated bins
packed-same-single-pass =
    The same single pass as the privatized kernel, but reading the image from a storage buffer
    instead of a texture. Each invocation loads four RGBA8 pixels in one 16-byte read, and the
    bytes are the channel values: no texture sampling, no conversion to floats and back. With
    256 bins a channel's bin is simply its byte.
packed-picture-one-colour =
    A picture of one colour sends every pixel to the same counter, and atomics on one word run
    one after another. So each workgroup keeps four interleaved copies of its histogram, and
    invocation <em>i</em> counts into copy <em>i</em> mod 4: four queues instead of one. The
    copies are added once, when the workgroup writes out.
packed-two-more-things =
    Two more things keep the GPU busy. Workgroup memory holds one channel after another, so the
    lanes of a warp counting different bins land in different memory banks. And each invocation
    starts loading its next two quads (eight pixels) before it counts the current two, so memory
    keeps working while the atomics run.
packed-diagram-runs-this =
    The diagram runs this kernel as written on the introduction's 6×7 picture: 42 pixels, ten
    quads and two over. Its workgroup has a CPU's 256 invocations (the
    <code>workgroupSize</code> the page sets where the GPU is a CPU) and there is one, so the
    stride is 256: each of the first ten invocations loads one quad and counts its four pixels
    into its copy of the bins, and invocations 0 and 1 count the two pixels over. The
    workgroup's memory has 3 bins × 4 channels × 4 copies, 48 words. Past the barrier, each of
    the first twelve adds up one bin's four copies and adds the total to the result where it is
    not zero.
packed-where-gpu-allows =
    Where the GPU allows it, a workgroup has 512 invocations rather than 256: more warps on each
    multiprocessor, some loading while others count. The timings page times it beside the
    article's kernels and the privatized pass, on your GPU and on the same picture.
