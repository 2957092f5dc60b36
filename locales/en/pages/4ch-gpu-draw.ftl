# www/4ch-gpu-draw.html
four-gpu-draw-title = Histograms drawn on the GPU · WebGPU Image Histogram
four-gpu-draw-description =
    .content = A scale pass and a fragment shader draw the bins without reading them back.
four-gpu-draw-heading = Histograms drawn on the GPU
four-gpu-draw-every-page-so =
    Every page so far read the bins back to the CPU and drew them there. For live video that
    round trip is the slowest part, so here the GPU draws too, from the bins where they already
    are, in the same submission as the count. Two passes do it.
four-gpu-draw-scale-pass-compute =
    <strong>The scale pass.</strong> A compute pass of one invocation walks the bins, finds each
    channel's tallest, and writes the article's <code>scale</code>, <code class="formula">max(1
    / tallest, 0.2 × numBins / numEntries)</code>, into a small storage buffer: the tallest bar
    reaches the top unless it is more than five times the average bin, as on the CPU pages. It
    runs on one invocation, and the article's author reports it took about 0.1 ms on one
    machine, too little to be worth a reduction of its own; the pass table below times it on
    yours.
four-gpu-draw-draw-pass-each =
    <strong>The draw pass.</strong> Each canvas gets one quad, two triangles covering it, and a
    fragment shader that runs once a pixel of the canvas. It works out which bin its column
    shows from its x, reads the four counts of that bin, multiplies them by their scales to get
    four bar heights, and compares each with its own y. The four yes-or-no answers, masked by
    <code>channelMult</code> (the channels this canvas shows), make a 4-bit number that picks
    one of 16 colours: red and green bars overlapping make yellow, all three white, as the 2D
    drawing's screen blending does. The diagram below plays both shaders from their own WGSL on
    the introduction's 6×7 picture: the scale pass's one invocation over its bins, then a
    fragment a pixel of a 6×8 canvas; under it, this GPU draws the same canvas from the same
    bins, and the page says how many of its pixels are the diagram's.
four-gpu-draw-article-s-gpu =
    The article's GPU version picks grey where all three overlap; it marks the three-way overlap
    but makes one histogram look different on its CPU and GPU pages, so we keep the one look.
    Both shaders are listed below, as compiled, and the count's passes below include them: the
    scale pass and one render pass a canvas.
four-gpu-draw-counting-privatized-single =
    The counting is the privatized single pass of the faster pages; choose chunks + reduce to
    count as the article's page does. The bins are read back only for the numbers and the CSV.
four-gpu-draw-host-side = On the host side
four-gpu-draw-pipelines-two-are =
    <strong>Pipelines.</strong> Two are made once, each from its shader module: a compute
    pipeline for the scale pass, and a render pipeline whose vertex stage places the quad and
    whose fragment stage is the shader above, writing the canvas's format
    (<code>navigator.gpu.getPreferredCanvasFormat()</code>).
four-gpu-draw-buffers-bind-groups =
    <strong>Buffers and bind groups.</strong> The counting kernel's bins stay where it wrote
    them, a storage buffer, and both passes bind that same buffer. The scale pass binds it to
    read, a 32-byte storage buffer to write (a <code>vec4f</code> of scales, and the tallest
    bins, for the studio's logarithmic scale) and a uniform holding the number of pixels
    counted; the article takes that from the texture's size instead. The draw pass binds the
    bins, the scale buffer (now only read) and its own uniform block. Passes in one submission
    run in order, so the draw reads the scale the scale pass has just written.
four-gpu-draw-uniform-block-wgsl =
    <strong>The uniform block.</strong> WGSL lays it out with each member aligned to its size
    class: <code>matrix: mat4x4f</code> at byte 0 (64 bytes), <code>colors: array&lt;vec4f,
    16&gt;</code> at 64 (256 bytes), <code>channelMult: vec4u</code> at 320 (16 bytes): 336
    bytes, written with <code>queue.writeBuffer</code> when a canvas is set up.
four-gpu-draw-matrix-quad-s =
    <strong>The matrix.</strong> The quad's corners run from 0 to 1, and its fragments get those
    as texture coordinates; clip space runs from −1 to 1. Scaling by 2 and moving by −1 makes
    the quad fill the canvas, the texture coordinate's x becoming the bin and its y the height a
    fragment is compared with. Another matrix puts the same quad anywhere: the studio's
    histogram panels, and the video page's where the CPU plays the GPU, are placed that way.
