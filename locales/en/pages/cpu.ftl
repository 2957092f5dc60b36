# www/cpu.html
cpu-title = CPU histogram · WebGPU Image Histogram
cpu-description =
    .content =
    The article&#x27;s JavaScript loop, in Rust compiled to WebAssembly: the reference every GPU
    method must match.
cpu-heading = CPU histogram
cpu-histogram-counts-how =
    A histogram counts how many pixels fall into each range of a value. Here the value is
    luminance, how bright a pixel looks: the weighted sum 0.2126&nbsp;R + 0.7152&nbsp;G +
    0.0722&nbsp;B of its sRGB channels, each taken from 0 to 1, so green counts most and blue
    least. Strictly it is luma: those weights are meant for linear light, and here, as in the
    article, they weigh the gamma-encoded values as stored, which is quick and close, though not
    the picture's true relative luminance. The range 0–1 is split into 256 equal bins; a pixel
    of value <i>v</i> goes to bin <code>min(floor(v × 256), 255)</code>, the <code>min</code>
    keeping a value of exactly 1 in the last bin.
cpu-introduction-shows-that =
    The introduction shows that rule with three bins on a picture of 42 pixels. This page runs
    it over a whole picture with one loop on the CPU: for each pixel, its value, its bin, one
    added. Every GPU page after this one is checked against it.
cpu-two-listings-one = Two listings of one rule
cpu-below-page-are =
    Below the page are two versions. The first follows the article's loop, written in Rust: for
    each pixel its luminance, its bin, one added. The second is the one the site uses: it reads
    each pixel as one 32-bit word, counts R, G and B by their byte and bins them once at the
    end, and finds luminance from three table lookups instead of multiplying. Both do the
    arithmetic in integers (the weights times 10000), so a pixel lands in exactly the same bin
    on the CPU and on any GPU, and they give the same bins; the page times both on your picture.
cpu-drawing-it = Drawing it
cpu-each-bin-becomes =
    Each bin becomes one column, as tall as its count times a scale. The scale is the article's
    <code class="formula">max(1 / tallest, 0.2 × numBins / numEntries)</code>: the tallest bin
    reaches the top, unless it is more than five times the average bin; then a bin five times
    the average reaches the top and taller ones are cut, so one spike (a white sky, a black
    border) does not flatten every other bar.
