# www/timings.html
timings-title = Timings on this machine · WebGPU Image Histogram
timings-description =
    .content = Every method on the same image, medians beside the article&#x27;s published table.
timings-heading = Timings on this machine
timings-article-ends-part =
    The article ends part 1 with a table of how long each method took on four machines. This
    page fills in the same table for yours: it runs every method several times on the same image
    and shows the median, beside the article's published rows. The image is the project's sunset
    at the article's sizes (2448×1505 for one channel, 2448×1836 for four), or any image you
    choose.
timings-compare-ratios-within =
    Compare ratios within a row, not numbers across rows: the machines differ, and a browser may
    round GPU timestamps (Chromium does, to 0.1&nbsp;ms, unless its WebGPU developer features
    are on), and a software GPU such as SwiftShader is far slower than a real one. The first run
    of each method compiles its pipeline and is not counted.
timings-time-images-command =
    To time the images of the command-line benchmark (and of CUB's, for NVIDIA GPUs), add
    <code>?kind=noise</code> (or <code>natural</code>, <code>uniform</code>) and a size such as
    <code>&amp;width=8192&amp;height=8192</code> to the address.
