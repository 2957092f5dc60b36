# www/intro.html
intro-title = What a histogram counts · WebGPU Image Histogram
intro-description =
    .content =
    What an image histogram counts, on a picture of 42 pixels: each colour's luminance, its bin,
    the graph.
intro-heading = What a histogram counts
intro-histogram-picture-counts =
    A histogram of a picture counts its pixels by a value: how many are dark, how many are
    bright, and how many lie between. Take the article's first example, a picture of 6×7 pixels
    in three colours, drawn here by this site's code. Point at a pixel, or move through them
    with the arrow keys, to see where it is counted.
intro-6-7-pixels = 6×7 pixels, 42 in all
intro-point-at-pixel = Point at a pixel.
intro-three-colours-each = Its three colours, and each one's luminance
intro-colour = Colour
intro-luminance = Luminance
intro-bin-3 = Bin of 3
intro-pixels = Pixels
intro-from-colour-bin = From a colour to a bin
intro-value-counted-here =
    The value counted here is luminance, how bright a colour looks: each channel is taken from 0
    to 1 (its byte over 255) and weighted, 0.2126&nbsp;R + 0.7152&nbsp;G + 0.0722&nbsp;B,
    because our eyes are most sensitive to green and least to blue. Every colour then has a
    luminance from 0 (black) to 1 (white).
intro-with-three-bins =
    With three bins the range is cut in thirds: a luminance under 1/3 goes to bin 0, under 2/3
    to bin 1, the rest to bin 2. The rule is <code>min(floor(v × bins), bins − 1)</code>; the
    <code>min</code> keeps a luminance of exactly 1 in the last bin. The table works it out for
    the picture's three colours, with the project's own code, the same that counts every page of
    this site.
intro-histogram = The histogram
intro-three-numbers-one =
    Three numbers, one a bin, are the whole histogram: the picture's pixels sorted into dark,
    middle and light. Drawn as bars, its shape says at once how the picture's pixels spread from
    dark to light. Choose a bar to see its pixels in the picture.
intro-photos-are-counted =
    Photos are counted with 256 bins, so for R, G and B each bin is one step of an 8-bit channel
    (luminance, a weighted sum of the three, falls between the steps), and pages of this site
    count R, G and B beside luminance. Here is this site's sunset picture, 480×300, counted that
    way on your machine:
intro-luminance-256-bins = Luminance, 256 bins: dark on the left, light on the right.
intro-next-chapter-counts =
    The next chapter counts a whole picture this way with a loop on the CPU; the ones after it
    move the same count to the GPU, step by step.
intro-pixels-label =
    .aria-label = The picture, 6 by 7 pixels
intro-sunset-histogram-label =
    .aria-label = The luminance histogram of the sunset picture, 256 bins
