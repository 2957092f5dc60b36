# The chapters' pages over an image (www/image-page.js and the modules it lays out
# with), and the introduction's (www/intro.js). Sizes ("2448×1505"), times (page-ms)
# and counts ("1,234") come written; a `count`, `runs`, `rounds` or `channels` is
# the number itself, for a plural.

## The page's controls and places (www/chapter-layout.js).
chapter-loading = Loading…
chapter-play-video = Play the video
chapter-use-camera = Use the camera
chapter-run-again = Run again
chapter-download-csv = Download CSV
chapter-choose-image = Choose an image…
chapter-choose-image-or-video = Choose an image or video…
# The race page's button: a picture of one colour, where every invocation adds to one bin.
chapter-race-harder = Race harder: one colour
# The labels of the choices, before each list.
chapter-method = Method:
chapter-channels = Channels:
chapter-channels-luminance = Luminance
chapter-channels-rgbl = R, G, B and luminance
# The shapes a page offers: the chunk a workgroup counts, or the pixels of a
# one-invocation-per-pixel workgroup.
chapter-shape-chunk = Chunk:
chapter-shape-chunk-256x1 = 256×1 pixels (the article’s)
chapter-shape-chunk-16x16 = 16×16 pixels (the article wonders if it is better)
chapter-shape-workgroup = Workgroup:
chapter-shape-workgroup-1x1 = 1×1 (the article’s)
chapter-shape-workgroup-16x16 = 16×16 (a workgroup a square of pixels)
chapter-image-label = The image being measured
chapter-drop-image = Drop an image here, or anywhere on the page.
chapter-drop-image-or-video = Drop an image or a video here, or anywhere on the page.
# A histogram's caption; .aria-label names its canvas.
chapter-histogram-luminance = Luminance
    .aria-label = Luminance histogram
chapter-histogram-rgb = Red, green, blue (screen blended)
    .aria-label = Red, green and blue histograms
# Headings of the times section: the CPU's one time, or a GPU count's passes.
chapter-time = Time
chapter-time-by-pass = Time, pass by pass
# The race page's other runs of the same picture.
chapter-more-runs = { $runs ->
        [one] { $runs } more run of the same image
       *[other] { $runs } more runs of the same image
    }
# The sources shown, each under a summary.
chapter-article-loop-source = The article’s loop, in Rust
chapter-tally-source = The tally this site counts with, in Rust
chapter-kernel-source = The WGSL of this kernel
chapter-drawing-source = The WGSL of the drawing: scale.wgsl and draw.wgsl

## The page at work (www/image-page.js). `why`: an error's own words; `name`: a
## file's name; `said`: what the page said of a lost device (page-device-*).
# The pictures of the project's own, named under the picture.
chapter-picture-sunset = Sunset (made by this project)
chapter-picture-uniform = One colour (made by this project)
chapter-project-video = The project’s video
# Under the picture: its name and size, and how it was stored (`format`).
chapter-image-caption = { $name }, { $size }
chapter-image-caption-format = { $name }, { $size } ({ $format })
chapter-running = Running…
chapter-running-single = Running… one GPU thread is walking every pixel, which takes a while. The page stays responsive.
chapter-count-failed = The histogram could not be computed: { $why }
chapter-reading = Reading { $name }…
# `why`: why the file could not be read, a sentence.
chapter-image-kept = { $why } The previous image is kept.
chapter-timing-methods = Timing the methods…
chapter-next-file = Next: { $name }, as soon as the current run ends.
# Without WebGPU, after "This page needs WebGPU…": `link`, a link to the CPU chapter (chapter-cpu-version).
chapter-cpu-instead = { $link } works in any browser.
chapter-cpu-version = The CPU version
chapter-counted-again = { $said } The image was counted again.
chapter-now-cpu = { $said } This page now counts with the CPU method, just as exactly.
# `lacking`: the page's kernel; `features`: what this GPU lacks for it, by the
# core's name ("subgroups"); `method`: the kernel counted with instead (step-label-*).
chapter-lacks-instead = The { $lacking } kernel needs { $features }, which this GPU's device does not offer: its WGSL is below, and this picture is counted with the { $method } kernel instead.
## Beside the step-through diagram: why no run on this GPU is set beside it.
chapter-draw-failed = Its draw could not run on this GPU: { $why }
chapter-lacks-unchecked = The { $method } kernel needs { $features }, which this GPU's device does not offer, so no run on it is set beside this one.
# The kernel lab's text: `why`, the core's reason for not running it (in English).
chapter-lab-refused = Not run on this GPU: { $why }.
chapter-lab-not-run = It did not run on this GPU (see the lab’s messages).
chapter-lab-failed = It could not run on this GPU: { $why }
chapter-subgroups-failed = Its subgroups could not be counted on this GPU: { $why }

## What a count shows beside its histograms (www/chapter-readout.js).
readout-pixels = Pixels
readout-bin-totals = { $channels ->
        [one] Bin total
       *[other] Bin totals
    }
# A channel's total among four: `channel` r, g, b or l (luminance).
readout-channel-total = { $channel ->
        [r] R
        [g] G
        [b] B
       *[l] L
    } { $total }
readout-equals-pixels = ✓ equals the pixel count
# The race page's run that lost no count.
readout-lost-nothing = ✓ this run lost nothing: no two invocations met on a bin at once
readout-lost = ✗ { $shown } { $count ->
        [one] count
       *[other] counts
    } lost
readout-time = Time
# `time`: how the count was timed (page-time-*), on a page's first count.
readout-time-first = { $time } · the first count here, its kernel compiled on the way
# The CPU chapter: the article's loop timed beside the site's tally. `verdict`:
# readout-same-bins or readout-different-bins, marked.
readout-simple-beside = On this picture, on this machine: the article’s loop took { $loop }, the tally { $tally } (wall clock, performance.now()), { $verdict }.
readout-same-bins = ✓ the same bins
readout-different-bins = ✗ different bins

## A count's GPU passes (www/pass-times.js): the table's caption and heads.
passes-on-cpu = This count ran on the CPU: no GPU pass to time.
# `passes`: the passes' names, as the core names them.
passes-untimed = This count's { $count } { $count ->
        [one] pass
       *[other] passes
    } cannot be timed apart ({ $why }): { $passes }. The time above is the wall clock's, from submission to the bins back.
passes-caption = Each GPU pass of this count, timed on this GPU with timestamp queries (a browser may round them: Chromium does, to 0.1 ms, unless its WebGPU developer features are on).
passes-pass = Pass
passes-does = What it does
passes-time = Time
passes-share = Share
# A pass shorter than the timestamps tell.
passes-under-step = under the timer’s step

## Figures published for the same step, beside this page's (www/pass-times.js).
# `ours`: yes where this project's H100 figure is meant too; `shape`: as 256×1.
published-other-shape = { $ours ->
        [yes] The article’s figures for this step, and this project’s on a real GPU, were taken at { $shape }; choose that shape to see them beside yours.
       *[no] The article’s figures for this step were taken at { $shape }; choose that shape to see them beside yours.
    }
# A button that counts a picture of the figures' size: `whose`, the article's or
# this project's (after published-ours-size).
published-size-button = { $whose ->
        [article] Count a { $size } picture, the article’s size
       *[ours] Count a { $size } picture, that size
    }
# `channels`: 1 (luminance) or 4; `read`: the date the article was read.
published-article-caption = The article’s published timings for this step, { $size }, { $channels ->
        [1] luminance
       *[other] four channels
    } (webgpufundamentals.org, read { $read }; its machines, not this one), and this page’s count of the same size here:
published-machine = Machine
published-ms = ms
# `machine`: the article's name for it (M1 Mac, Intel UHD 630...).
published-article-machine = { $machine } (the article’s)
published-here = This machine, now
published-here-loop = This machine, now (the article’s loop, in Rust)
published-here-software = This machine, now (a CPU adapter playing the GPU)
published-article-size = The article timed this step on a { $size } picture; its figures are set beside yours for a picture of that size.
# `where`: measured-on-gpu-where.
published-on-gpu = On a real GPU: { $time } for this { $size } count, { $where }.
published-ours-size = This project timed this step on an NVIDIA H100 for a { $size } picture.

## The race page's other runs and the counts each lost (www/race-runs.js).
race-runs-loss-label = Counts lost by this run, bin by bin
race-runs-run = Run { $run }
race-runs-run-loss-label = Counts lost by run { $run }, bin by bin
race-runs-none-lost = None of these runs lost a count on this picture: on this GPU the invocations that shared a bin did not overlap. Run again, or race harder on a picture of one colour, where every invocation adds to the same bin.
# `most`: the largest loss in one bin.
race-runs-loss-scale = Counts lost in each luminance bin, against the exact histogram (the CPU's): red, on a logarithmic scale up to the largest loss in any run shown ({ $most } in one bin).
race-runs-this-lost = This run lost { $lost }, the most in bin { $bin }.
race-runs-this-lost-none = This run lost none.
# `lost`: race-runs-run-lost, marked.
race-runs-run-caption = Run { $run }: { $counted } counted, { $lost }
race-runs-run-lost = { $lost } lost

## Methods timed side by side (www/side-by-side.js). `method`, `page`, `other`:
## a method's name as the pages' addresses have it (fragment, atomic), or its
## label (step-label-*) in the table of a page's choices.
beside-heading = Side by side on this picture
beside-compute-heading = Beside the compute version
beside-time-them = Time them on this picture
beside-method = Method
beside-median = Median of { $rounds } { $rounds ->
        [one] run
       *[other] runs
    }
beside-runs = Runs (ms)
beside-timing = Timing both…
beside-this-page = { $method } (this page)
beside-compute-twin = { $method } (one compute invocation per pixel)
beside-counting-now = { $method } (counting now)
beside-each-method = Each method { $rounds } { $rounds ->
        [one] time
       *[other] times
    } on this picture, alternating, the medians side by side.
# `clock`: gpu or wall; `than`: less (the page's method is faster), same, or more;
# `ratio`: how many times, as 2.5.
beside-ratio = Timed with { $clock ->
        [gpu] GPU timestamps
       *[wall] the wall clock ({ $why })
    }: on this GPU the { $page } version { $than ->
        [less] is { $ratio }× as fast as
        [same] takes about as long as
       *[more] takes { $ratio }× as long as
    } the { $other } version, both exact.
beside-lost-counts = { $method } lost counts beside { $page }
beside-failed = They could not be timed: { $why }

## The figures the chapters' words give (www/facts.js), in their places there.
# A pass's dispatches, after its call: `pass`, the pass's name as the core names
# it; `workgroups`, `invocations` written, `workgroupCount`, `invocationCount` the numbers.
facts-dispatch = { $pass }: { $workgroups } { $workgroupCount ->
        [one] workgroup
       *[other] workgroups
    } of { $invocations } { $invocationCount ->
        [one] invocation
       *[other] invocations
    }
# The same, in `dispatches` dispatches, one a band of the picture.
facts-dispatch-bands = { $pass }: { $workgroups } { $workgroupCount ->
        [one] workgroup
       *[other] workgroups
    } of { $invocations } { $invocationCount ->
        [one] invocation
       *[other] invocations
    }, in { $dispatches } dispatches (a band each)
facts-chunks-in-bands = { $chunks } (in { $bands } bands of rows, a pass each)
facts-chunk-bytes = { $mib } MiB
facts-chunk-bytes-largest = { $mib } MiB for the largest band
# Each band's figures, joined two at a time: `first`, then the `rest`.
facts-steps-and = { $first } and { $rest }
facts-reduce-then = { $first }; then { $rest }

## The introduction (www/intro.js): the article's 6×7 picture and its three bins.
intro-colour-blue = blue
intro-colour-red = red
intro-colour-yellow = yellow
# A pixel of the picture: `colour`, its name (intro-colour-*).
intro-pixel-label = Pixel ({ $x }, { $y }), { $colour }, luminance { $luminance }, bin { $bin }
# The colours table's labels, where a narrow screen shows its rows as cards.
intro-cell-rgb = R, G, B
intro-cell-luminance = Luminance
intro-cell-bin = Bin of 3
intro-cell-pixels = Pixels
# A bar of the graph: the words a screen reader says between its count (above
# the bar) and its bin (under it), "18 pixels in bin 0"; then its bin.
intro-bar-between = { $count ->
        [one] pixel in
       *[other] pixels in
    }
intro-bar-bin = bin { $bin }
# The graph's name: `bins`, each bin's intro-graph-bin, joined by "; ".
intro-graph-label = The histogram: { $bins }.
intro-graph-bin = bin { $bin }, { $count } { $count ->
        [one] pixel
       *[other] pixels
    }
# `counts`: the three counts, as 18, 16, 8.
intro-graph-caption = { $counts }: the { $pixels } pixels counted into 3 bins by the CPU method of the next chapter.
# `rgb`: the colour's values, as 34, 51, 255; `others`: the other pixels in its bin.
intro-pixel-now = Pixel ({ $x }, { $y }) is { $colour }, { $rgb }: luminance { $luminance }, so it is counted in bin { $bin }, with { $others } { $others ->
        [one] other
       *[other] others
    }.
intro-bin-now = Bin { $bin } holds { $count } of the { $pixels } pixels, outlined in the picture.
