# www/equalize.html
equalize-title = Equalization: the histogram as a curve · WebGPU Image Histogram
equalize-description =
    .content =
    The cumulative histogram becomes a lookup table that spreads crowded luma over the whole
    range, colour kept.
equalize-heading = Equalization: the histogram as a curve
equalize-cumulative-histogram-says =
    The cumulative histogram says, for each luma, what share of the pixels lies at or below it.
    Equalization uses it as a mapping: a pixel with 30% of the picture darker than it gets the
    new luma 30% of the way to white. Crowded ranges spread out, empty ones close up, and the
    result's histogram is as flat as whole pixels allow.
equalize-we-equalize-luma =
    We equalize luma, Y′ = 0.2126&nbsp;R′ + 0.7152&nbsp;G′ + 0.0722&nbsp;B′ (the histogram's
    luminance), and add the same amount to R′, G′ and B′. That keeps the colour differences Cb
    and Cr, so hue and saturation stay while brightness moves; equalizing R, G and B one by one
    would shift colours. Very saturated colours can hit 0 or 255 and keep less of the change.
equalize-article-s-own =
    (The article's own equalization video page builds its table from the blue channel but remaps
    lightness; here the table and the remapped channel are the same luma.)
equalize-every-frame-compute =
    Every frame, a compute pass makes the 256-entry table from the histogram on the GPU, nothing
    read back, and the picture pass looks each pixel up. Drag the divider to compare; the
    adjusted picture's histogram is drawn beside the original.
