# www/single.html
single-title = GPU: one invocation · WebGPU Image Histogram
single-description =
    .content = The same loop in a compute shader run by a single GPU thread: correct, and very slow.
single-heading = GPU: one invocation
single-first-gpu-version =
    The first GPU version moves the CPU loop into a compute shader as it is. The picture goes to
    the GPU as a texture, the bins as a storage buffer of <code>u32</code>, and the shader is
    <code>@workgroup_size(1)</code>, dispatched with <code>dispatchWorkgroups(1)</code>: one
    invocation in all. It loops over every row and column, reads the pixel with
    <code>textureLoad</code>, works out its bin and adds one. Where the CPU plays the GPU this
    site cuts the picture into bands of rows, each band a dispatch of its own with its one
    invocation, one after another, so that no single dispatch runs long enough for the browser
    to give up on it; the list at the foot of the page says what your run was given.
single-diagram-plays-that =
    The diagram plays that invocation on the introduction's 6×7 picture: the lit line of the
    kernel moves with it, each pixel it reads is outlined, and every bin's load and store is
    shown. No other invocation exists, so nothing can interfere, and the bins it ends with equal
    the same kernel's count on your GPU, shown under it.
single-kernel = The kernel
single-it-has-three =
    It has three bindings: the bins, a storage buffer it reads and writes; the picture, a
    <code>texture_2d&lt;f32&gt;</code> (the picture's bytes go into an <code>rgba8unorm</code>
    texture, so <code>textureLoad</code> gives each channel as a float from 0 to 1); and the
    band of rows it covers, a uniform (the whole picture, unless the device needs bands). A bind
    group, made from the pipeline's layout, joins the bins buffer, a view of the texture and the
    band's uniform to those bindings, and <code>setBindGroup</code> hands it to the dispatch.
single-two-things-differ =
    Two things differ from the article's WGSL, on purpose. The number of bins is a constant
    written above the kernel, as the later steps need, where the article reads
    <code>arrayLength(&amp;bins)</code>. And the bin is worked out in integers:
    <code>rgb8</code> turns the floats back into the bytes they came from, and
    <code>binOf</code> weighs those with the luminance weights times 10000, the CPU chapter's
    arithmetic exactly, so that a pixel lands in the same bin on the CPU and on every GPU. The
    article's <code>saturate(dot(color, weights))</code> in floats can put a pixel whose
    luminance lies on a bin's edge in the next bin, depending on how a GPU rounds.
single-getting-bins-back = Getting the bins back
single-storage-buffer-cannot =
    A storage buffer cannot be read by the page directly. After the dispatch the bins are copied
    into a second buffer made with <code>MAP_READ</code>, the commands are submitted, and
    <code>mapAsync</code> resolves once the GPU has finished: the page then reads the numbers.
    Every page of part 1 ends this way; part 2 will draw the bins on the GPU instead.
single-why-it-slow = Why it is slow
single-it-correct-slow =
    It is correct, and slow. The article found it about 30 times slower than its JavaScript on
    its author's machine, and its table of four machines (set beside yours on the
    <a href="timings.html">timings page</a>) has it 19 to 256 times slower. A GPU is fast
    because thousands of invocations run at once; here one runs and the chip idles, and one GPU
    thread is slower than a CPU core at a long serial loop. For this
    <span data-fact="size">picture</span> one invocation at a time reads all
    <span data-fact="pixels">its</span> pixels in turn. The next pages put the other
    invocations to work.
