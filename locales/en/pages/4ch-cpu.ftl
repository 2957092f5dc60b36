# www/4ch-cpu.html
four-cpu-title = Four channels on the CPU · WebGPU Image Histogram
four-cpu-description =
    .content = R, G, B and luminance in one loop, drawn overlaid with screen blending.
four-cpu-heading = Four channels on the CPU
four-cpu-part-2-article =
    Part 2 of the article counts four histograms in one pass: red, green, blue and luminance. A
    channel's value is its byte over 255, binned by the same rule as luminance. The bins are
    interleaved, four counters a bin in the order R, G, B, L (the layout of WGSL's
    <code>array&lt;vec4u&gt;</code>), so one pixel adds to four neighbouring words and the GPU
    versions keep the same shape: bin <i>b</i> of channel <i>c</i> is counter <code>b × 4 +
    c</code>.
four-cpu-red-green-blue =
    The red, green and blue bars are drawn over each other with <em>screen</em> blending: where
    red and green overlap you see yellow, where all three do, white. Each channel is scaled to
    its own tallest bin (with the cap the CPU chapter describes), and luminance gets a canvas of
    its own.
four-cpu-loop-previous-cpu =
    The loop is the previous CPU page's with four adds a pixel; both of its listings are below,
    and the page times both.
