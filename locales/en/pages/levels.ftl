# www/levels.html
levels-title = Auto-levels: stretching between percentiles · WebGPU Image Histogram
levels-description =
    .content = Each channel, or all of them linked, stretched so its 0.5% and 99.5% become black and white.
levels-heading = Auto-levels: stretching between percentiles
levels-picture-that-uses =
    A picture that uses only part of the range looks flat. Auto-levels finds each channel's low
    and high percentiles, by default 0.5% and 99.5% so that a few stray pixels do not decide,
    and stretches that span to 0–255; what lies beyond is clipped (turn on the clipping warning
    to see where).
levels-stretching-each-channel =
    Stretching each channel on its own also removes a colour cast. Linking the channels, one
    stretch from their combined histogram, keeps the colour balance as it was. The tables come
    from the histogram on the GPU, one per channel, every frame.
