# What every page's scripts say alike (www/page.js, www/site.js).

## Where the page gets no GPU: `who`, the page in words (page-who, or the
## page's own: "The studio"); `why`, the reason (the browser's or the core's
## words, in English). What works without a GPU follows after the space.
page-needs-webgpu = { $who } needs WebGPU, and { $why }.{" "}
page-who = This page
page-could-not-start = The page could not start: { $why }
# The name given to a picture pasted without one (a screenshot).
page-pasted-picture = pasted picture

## A lost GPU device. `reason`: the browser's own words for the loss.
page-lost-no-reason = no reason given
page-device-lost = The GPU device was lost ({ $reason }); opening a new one…
# `ms`: whole milliseconds.
page-device-reset = The GPU was reset ({ $reason }); a new device was opened in { $ms } ms.
page-device-gone = The GPU device was lost ({ $reason }) and no new one could be had ({ $why }).
# After "Try the GPU again" failed: no loss to tell of.
page-device-gone-retried = The GPU device was lost and no new one could be had ({ $why }).

## Times and rates. `ms`, `us`: the number, already written (a no-break space keeps its unit on its line).
page-ms = { $ms } ms
page-us = { $us } µs
# A time shorter than the browser's timer tells.
page-ms-under-step = under 0.1 ms
# `fps`: the rate as written; `count`: the same, as a number.
page-per-second = { $fps } { $count ->
        [one] frame
       *[other] frames
    } a second
# How a count was timed: `wall`, `gpu`, times (page-ms).
page-time-cpu = { $wall } (wall clock, performance.now())
page-time-gpu = { $gpu } on the GPU (timestamp queries, which a browser may round) · { $wall } until the bins were back on the CPU
page-time-wall = { $wall } wall clock, submit to bins back ({ $why })
# Why a page times by the wall clock: `why` is the core's (none: the adapter has
# no timestamp queries; late: llvmpipe writes them when it rasterizes).
untimed-why = { $why ->
        [late] this adapter runs on the CPU and is taken for Mesa's llvmpipe, which writes timestamps when it draws, not as a compute pass runs, so they are not used
       *[none] this adapter has no timestamp queries
    }
# `time`: one of the three above, on an adapter the CPU plays.
page-time-software = { $time }, on a CPU adapter: software playing the GPU, far slower than a GPU
