# www/studio.html
studio-title = The studio · WebGPU Image Histogram
studio-description =
    .content =
    Your picture, video or camera with live histograms, scopes, statistics, a region and
    adjustments: every chapter at work.
studio-heading = The studio
studio-your-picture-video =
    Your picture, video or camera beside its histogram panel and scopes, counted and drawn by
    your GPU on every frame. Hover over the histogram, or focus it and use the arrow keys, to
    read a bin; drag on the picture to count a region. The statistics come from the same Rust
    code as the command line's <code>--stats</code>.
