# www/4ch-single.html
four-single-title = Four channels, one GPU invocation · WebGPU Image Histogram
four-single-description =
    .content = Four interleaved histograms from one shader thread.
four-single-heading = Four channels, one GPU invocation
four-single-single-invocation-kernel =
    The single-invocation kernel again, now adding to four interleaved counters a pixel:
    <code>bins[bin × 4 + channel]</code> for R, G, B and luminance. The WGSL is part 1's kernel
    compiled with the constant <code>channels = 4</code>: a loop over the channels inside the
    loop over pixels; nothing else changes.
four-single-diagram-runs-it =
    The diagram runs it on the introduction's picture with three bins a channel: twelve
    counters, each pixel adding to four of them.
four-single-four-times-adds =
    Four times the adds for one lone invocation: the slowest page of the site, kept as the
    baseline the faster methods are measured against.
