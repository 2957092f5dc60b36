# www/vectorscope.html
vectorscope-title = Vectorscope: a histogram of colour · WebGPU Image Histogram
vectorscope-description =
    .content =
    A two-dimensional histogram of chroma, each block of the picture counted in a window around
    its own colour.
vectorscope-heading = Vectorscope: a histogram of colour
vectorscope-vectorscope-forgets-position =
    The vectorscope forgets position and keeps colour. Each pixel's chroma (Cb, Cr in BT.709)
    picks a cell of a square grid, and the cell glows in its own hue as it fills. Grey lands in
    the middle; saturation is the distance from it and hue the angle.
vectorscope-inner-boxes-mark =
    The inner boxes mark where 75% colour bars land, named by their colours; the outer ones, the
    100% bars, the most saturated a colour can be. The line between red and yellow is where skin
    tones of every complexion fall: faces off that line look wrong.
vectorscope-256-256-grid =
    A 256 × 256 grid is 65,536 bins, 256&nbsp;KB: sixteen times a workgroup's memory. But the
    pixels of a small block of a picture mostly share a colour, so their chroma lands close
    together. Each workgroup counts one block of 64 × 128 pixels into a window of 64 × 64 cells
    (16&nbsp;KB) centred on the chroma of the block's middle pixel. The rare pixel outside the
    window goes straight to the result with a global <code>atomicAdd</code>; at the end the
    window's non-zero cells are added to the result. A grid of 64 or less fits whole.
vectorscope-two-details-make =
    Two details make it fast. The window follows the block's colour (one fixed on neutral missed
    half the pixels of a saturated frame). And the block is read in 16 × 16 tiles, eight texels
    loaded before any is counted, so reads stay in flight while the atomics wait.
vectorscope-where-gpu-really =
    Where the GPU is really the CPU, the window, its barrier and its atomics are what a CPU
    imitates worst. There the page runs the kernel's other entry point, <code>csColumn</code>:
    an invocation walks a column and adds every pixel to the result with one global
    <code>atomicAdd</code>, which a CPU does as one locked add.
