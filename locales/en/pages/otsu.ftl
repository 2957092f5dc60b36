# www/otsu.html
otsu-title = Otsu's threshold · WebGPU Image Histogram
otsu-description =
    .content = The luma that best splits the pixels in two, found from the histogram alone.
otsu-heading = Otsu's threshold
otsu-turn-picture-into =
    To turn a picture into black and white, pick the luma that best separates two groups. Otsu's
    method tries every threshold and keeps the one where the two classes, the pixels at or below
    it and those above, are farthest apart for their sizes: where the between-class variance
    w₀·w₁·(μ₀ − μ₁)² is largest.
otsu-it-needs-only =
    It needs only the histogram: 256 candidates of a few sums each, which one GPU invocation
    goes through every frame. The threshold shows as a line on the histogram and as the step in
    the curve.
