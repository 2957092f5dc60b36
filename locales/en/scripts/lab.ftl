# The kernel lab under a chapter's kernel (www/kernel-lab.js). Times (`after`,
# `budget`, `first`) are page-ms; counts are written as the language writes numbers.

lab-summary = Edit this kernel and run it (the kernel lab)
# Three parts of one paragraph, each but the last ending with the space before the next.
lab-about-run = Change the WGSL and run it. Your browser compiles it; it runs with this step’s own bindings and dispatches on the picture above, and its bins are checked one by one against the CPU’s count. It is timed beside the step’s own kernels, in turn, on this GPU.{" "}
lab-about-guard = Each loop of both versions carries a guard: a loop that goes round more than 4 times as often as the step’s own longest does on this picture (and more than 64 times) stops, and the lab says so. A loop that never ends cannot hold your GPU.{" "}
lab-about-stop = Your kernels’ first run goes one dispatch at a time: Stop, or a run 10 times as long as the step’s own (10 seconds at least), ends it between two. A GPU cannot be interrupted inside a dispatch, so one band of the picture may still finish first.
lab-run = Run (Ctrl+Enter)
lab-reset = Reset
lab-copy-link = Copy a link
lab-step-through = Step through it in the diagram
lab-stop = Stop
lab-link-label = A link to this kernel
lab-editor-label = The kernel’s WGSL, editable

## The lab's status line.
lab-loading = Loading the editor…
lab-ready = Edit the kernel, then Run.
lab-from-link = This kernel came from a link: press Run to compile it and check it.
lab-link-unread = The link’s kernel could not be read (was the address cut short, or is it not a kernel?): this is the step’s own.
# `why`: the browser's words.
lab-editor-failed = The editor could not be loaded: { $why }
lab-running = Compiling and running…
lab-stopping = Stopping after the dispatch that is running now…
lab-stopped-before = Stopped before it started. The page and your text are as they were.
lab-lost = The GPU device was lost while your kernel ran; the page is opening a new one. Your text is kept: run it again once the picture is counted.
# `why`: the core's or the browser's words (English).
lab-could-not-run = It could not run: { $why }
lab-stepping = Your kernel plays in the step-through diagram above, on its tiny picture with 3 bins; under it, this GPU’s run of the same text, where the GPU can run it.
lab-cannot-step = The diagram cannot play it: { $why }
lab-back = Back to this step’s kernel.
lab-link-copied = The link is copied: it holds your text, and nothing leaves this page until you share it.
lab-link-below = The link is below, selected: copy it to share your text.
lab-rebased = The page’s settings changed: the constants injected at the top of each kernel now say so; the rest of your text is as you left it.

## A compiler's message, under the editor: <button> marks the place, a button
## that goes there. `kernel`: the kernel's name; `message`: the browser's words.
lab-message = <button>{ $kernel }.wgsl, line { $line }, column { $column }</button>: { $severity ->
        [error] error
        [warning] warning
       *[info] info
    }: { $message }

## The verdict.
# `why`: the core's words (English).
lab-refused = Not run: { $why }.
lab-does-not-compile = Not run: it does not compile ({ $kernel }.wgsl, line { $line }: { $message }).
lab-halted-pressed = Stopped as you asked, after { $after }. The page and your text are as they were.
lab-halted-budget = Stopped: your kernels ran past the lab’s budget of { $budget } (10 times the step’s own run here, and 10 seconds at least) and were stopped after { $after }. The page and your text are as they were.
# `bounds`: each kernel's name and its most rounds ("count: 64, reduce: 64").
lab-guard-stopped = Stopped: a loop of your kernels went round more often than the guard allows ({ $bounds } rounds a loop). A loop that never ends would have held the GPU; the page and your text are as they were.
lab-exact = Exact: every bin equals the CPU’s count of the { $pixels } pixels.
# `wrong`: the bins that differ, as written; `count`: the same, as a number.
lab-not-exact-placed = Not exact: { $wrong } { $count ->
        [one] bin differs
       *[other] bins differ
    } from the CPU’s count; your kernel counted all { $counted }, some in the wrong bins.
lab-not-exact-counted = Not exact: { $wrong } { $count ->
        [one] bin differs
       *[other] bins differ
    } from the CPU’s count; your kernel counted { $counted } where the CPU counted { $expected }.
# `verdict`: one of the above, said first.
lab-not-timed = { $verdict } Not timed: its run took { $first }, and another beside the step’s own would pass the lab’s budget of { $budget }.
# `verdict`: one of the above, said first; Stop was pressed after the count came.
lab-stopped-late = { $verdict } Stop came after the count, which stands; { $timed ->
        [yes] the times are of the runs made before it.
       *[no] it was not timed.
    }

## The times' table. `runs`: as written; `count`: the same, as a number; `clock`:
## "wall" where the browser gives no GPU timestamps.
lab-times-caption = Time, the median of { $runs } { $count ->
        [one] run
       *[other] runs
    } of each, in turn{ $clock ->
        [wall] {" "}(the wall clock, with the read-back: { $why })
       *[gpu] {""}
    }
lab-pass = Pass
lab-theirs = This step’s kernels
lab-yours = Yours
lab-all-passes = All passes (GPU)
lab-whole-run = Whole run (wall clock)

## The bins counted wrong: a figure and a table.
lab-channel = { $name ->
        [red] red
        [green] green
        [blue] blue
       *[luminance] luminance
    }
# `channels`: lab-wrong-in-channel for each, joined by "; ".
lab-wrong-label = The bins your kernel counted wrong, by channel: { $channels }.
lab-wrong-in-channel = { $channel }: { $wrong } { $count ->
        [one] bin
       *[other] bins
    } wrong
# `channels`: their names, joined by ", "; `largest`: the largest difference.
lab-wrong-figure = A row a channel ({ $channels }), a column a bin: red where your kernel counted too many, purple too few, as tall as the difference on a logarithmic scale (the largest { $largest }).
# `part`: "largest" where the table shows only the `shown` largest of the
# `total`; `many`: "no" where one channel is counted (`channel`).
lab-wrong-caption = { $part ->
        [largest] The { $shown } largest of the { $total } wrong bins
       *[all] The { $total } wrong bins
    }{ $many ->
        [no] {" "}({ $channel })
       *[yes] {""}
    }
lab-channel-column = Channel
lab-bin = Bin
lab-cpus = The CPU’s
lab-difference = Difference
