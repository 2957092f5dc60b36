# The timings page (www/timings.js): the article's part-1 table, filled in on this
# machine. Sizes ("2448×1505") and times come written; `runs` and `channels` are
# numbers, for a plural, with `runsShown` the runs as written.

## The table.
timings-column-machine = machine (ms)
# The article's "js" column: its loop, here in Rust compiled to WebAssembly.
timings-column-cpu = js (here: Rust/wasm)
timings-this-machine = { $channels } ch: this machine
# The article's rows: `machine`, its name for it (M1 Mac, Intel UHD 630...).
timings-article-row = { $channels } ch: { $machine }
# A cell of a step this GPU's device cannot run; a cell without a GPU.
timings-not-here = not on this GPU
timings-no-gpu = no GPU

## The controls and the status line. `name`: a file's name; `why`: an error's
## own words; `said`: what the page said of a lost device (page-device-*).
timings-loading = Loading…
timings-progress = Progress
timings-run-again = Run again
timings-choose-image = Choose an image…
# `method`: the column's name (timings-column-cpu or step-label-*).
timings-timing = Timing { $method }, { $channels } { $channels ->
        [one] channel
       *[other] channels
    }: { $runs ->
        [one] { $runsShown } run
       *[other] { $runsShown } runs
    }…
timings-next-file = Next: { $name }, as soon as this method is timed.
# `subject`: the picture timed (timings-subject-*); what the core notes of a file follows.
timings-done = Done: medians of { $runs ->
        [one] { $runsShown } run
       *[other] { $runsShown } runs
    }, on { $subject }.
# The pictures timed: the sunset at one size or at two (one channel's and four's),
# a benchmark picture (`kind`: natural, uniform or noise), or a file (`format`: how it was stored).
timings-subject-sunset = the sunset, { $size }
timings-subject-sunsets = the sunset, { $first } and { $second }
timings-subject-bench = the { $kind } image of histogram bench and CUB's benchmark, { $size }
timings-subject-file = { $name }, { $size } ({ $format })
# A file just read, to be timed: `subject`, timings-subject-file.
timings-subject-read = { $subject }.
timings-reading = Reading { $name }…
# `why`: why the file could not be read, a sentence.
timings-image-kept = { $why } The previous image is kept.
timings-failed = Timing failed: { $why }
# Without WebGPU, after "This page needs WebGPU…"; and once the GPU is gone.
timings-cpu-only = Only the CPU column can be filled.
timings-device-failed = { $said } Only the CPU column can be filled.
timings-timed-again = { $said } The method being timed was timed again from the start.

## How the table is timed, said before it starts. `adapter`: the browser's words for the GPU.
timings-machine = GPU: { $adapter }. The whole table takes seconds to a minute, the single-invocation column most of it.
timings-machine-software = GPU: { $adapter }. This is a CPU adapter (software playing the GPU): the table takes minutes, the single-invocation column most of them; the progress bar by the button shows how far it has come.
# `warmup`: milliseconds.
timings-how = Each GPU method runs once, keeps the GPU busy for { $warmup } ms (an idle GPU lowers its clocks), then is timed over { $runs ->
        [one] { $runsShown } run
       *[other] { $runsShown } runs
    }; the median is shown.
# After timings-how: `least`, milliseconds.
timings-how-timestamps = GPU columns: the compute pass measured with timestamp queries (which a browser may round). js: performance.now() around the article's CPU loop (in Rust), repeated for at least { $least } ms and averaged.
timings-how-wall = GPU columns are wall-clock times from submit until the bins are back ({ $why }). js: performance.now() around the article's CPU loop (in Rust), repeated for at least { $least } ms and averaged.
# Said once, after the others, where a run's GPU timestamps spanned more than the
# wall clock around them: `gpu`, `wall`, milliseconds.
timings-untrusted = This browser's GPU timestamps spanned { $gpu } ms within { $wall } ms of wall-clock time, so they cannot be trusted: from here on the GPU columns are wall-clock times from submit until the bins are back.
