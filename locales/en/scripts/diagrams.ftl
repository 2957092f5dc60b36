# The chapters' diagrams: the drawing of what each kernel does (www/diagram.js), and
# the step-through diagram, its stage, code pane and narration (www/step-diagram.js,
# diagram-stage.js, diagram-code.js, diagram-words.js). Kernel, function and WGSL
# names (atomicAdd, subgroupBallot, channelMult, chunks.wgsl) stay as they are.

## The drawing of each kernel: its caption, by method

diagram-caption-cpu = One loop reads the pixels one after another and adds 1 to the bin of each.
diagram-caption-single = A single GPU invocation does the loop: correct, but it uses one of the GPU’s thousands of threads.
diagram-caption-race = One invocation a pixel, all at once: two that read the same bin together both write its old value plus one, and one count is lost.
diagram-caption-atomic = The same, each add an atomicAdd: the memory takes them one at a time, so none is lost, and pixels of the same colour wait in line.
diagram-caption-chunks-sum = Each workgroup counts its chunk into bins of its own in fast workgroup memory and copies them out; then one workgroup adds every chunk’s bins, bin by bin.
diagram-caption-chunks-reduce = The same chunks, added up in pairs, then pairs of pairs: each pass halves the rows and keeps many workgroups busy.
diagram-caption-privatized = A few workgroups, each walking many pixels across the picture into its private bins, then adding them once into the result with atomics: no chunk rows, no second pass.
diagram-caption-packed = Each invocation loads four pixels at once from a buffer, and a workgroup keeps copies of its bins so that its invocations rarely add to the same one.
diagram-caption-subgroups = Two subgroups of eight lanes, each lane with its pixel. The first lies in a sky: every lane has the first lane’s colour, the vote says so, and the first lane adds 8 to each of the colour’s bins at once. The second lies on grass: the vote fails, and each lane adds 1 to its own bin, as in the privatized kernel.
diagram-caption-gpu-draw = The bins stay on the GPU: a scale pass finds each channel’s fullest bin and writes one scale a channel; then a fragment shader, once a pixel of the canvas, reads its column’s bin, multiplies it by the scale, and colours the pixel if it lies under that height.
diagram-caption-fragment = A triangle over the picture: each fragment the rasterizer makes reads its pixel and does the atomicAdd, as a compute invocation would.
# A four-channel chapter's caption: the method's, then a sentence more.
diagram-caption-four-channels = { $caption } With four channels every pixel adds to four bins: R, G, B and luminance.
diagram-scrolls = The diagram (scrolls sideways on a narrow screen)

## The drawing's labels

diagram-label-every-pixel-loop = every pixel, by one loop
diagram-label-bins-ordinary = bins, in ordinary memory
diagram-label-invocations-one = the GPU’s invocations: one at work
diagram-label-every-pixel-one = every pixel, by that one
diagram-label-bins-storage = bins in storage memory
diagram-label-bins-atomic = atomic bins in storage memory
diagram-label-invocation-a-pixel = one invocation a pixel
diagram-label-race-note = 3 adds at once: counted once
diagram-label-atomic-note = atomicAdd: 3 adds, 3 counted
diagram-label-two-workgroups = two workgroups, in turn
diagram-label-workgroup-bins = workgroup { $workgroup }’s bins
diagram-label-atomic-once = atomicAdd, once a bin
diagram-label-four-pixels = four pixels a load
diagram-label-copy-first = copy 1 of the bins
diagram-label-copy-second = copy 2
diagram-label-result = the result
diagram-label-subgroup-sky = a subgroup in the sky
diagram-label-subgroup-grass = a subgroup on the grass
diagram-label-alike-yes = all alike: yes
diagram-label-alike-no = all alike: no
diagram-label-leader-adds = the leader: one atomicAdd of 8
diagram-label-lanes-add = 8 lanes: { $adds } atomicAdds of 1
# Part 2's drawing: the scale pass (scale and tallest are its WGSL's names) and the draw.
diagram-label-counted-bins = counted bins (storage)
diagram-label-scale-formula = scale = 1 / tallest
diagram-label-one-a-channel = one a channel
diagram-label-after-scale = after the scale pass
diagram-label-scale = scale
diagram-label-draw = draw
diagram-label-canvas = the canvas, drawn by fragments
diagram-label-fragment-a-pixel = a fragment a pixel
diagram-label-workgroup-a-chunk = a workgroup a chunk
diagram-label-chunk-bins = each chunk’s bins
diagram-label-pairs-added = pairs added
diagram-label-one-adds-all = one workgroup adds all

## The step-through diagram's words: where a value lives, who does what

diagram-bin = bin { $bin }
# A bin of one channel; the channel is its letter, R, G, B or L.
diagram-channel-bin = { $channel } bin { $bin }
diagram-memory-scale = the scale, one a channel
diagram-memory-tallest = the tallest bins (result.tallest)
diagram-memory-local = its workgroup's { $bin }
# The packed kernel's copies of each bin in workgroup memory.
diagram-memory-copy = its workgroup's bin { $bin }, copy { $copy }
diagram-memory-channel-copy = its workgroup's { $channel } bin { $bin }, copy { $copy }
diagram-memory-chunk = chunk { $chunk }'s { $bin }
diagram-function-reduce = a subgroup reduction
diagram-function-unknown = a subgroup function
diagram-who-single = The one invocation
diagram-who-scale = The scale pass’s one invocation
diagram-who-fragment = Fragment ({ $x }, { $y })
diagram-who-lane = Lane { $lane } of subgroup { $subgroup }
diagram-who-invocation = Workgroup { $workgroup }, invocation { $invocation }
diagram-who-local = Workgroup ({ $x }, { $y }), local ({ $localX }, { $localY })

## A step in a sentence: $who is an invocation (diagram-who-*), $memory where a value lives

diagram-step-none = Press play, or step through it one instruction at a time.
# Before the first instruction, while playing.
diagram-step-starting = Playing from the first instruction.
# $kernel is the kernel's name (chunks, sum, reduce...).
diagram-step-start = Workgroup ({ $x }, { $y }) of the { $kernel } pass starts: { $count ->
        [one] its invocation begins
       *[other] its { $size } invocations begin
    }.
diagram-step-start-lanes = Workgroup ({ $x }, { $y }) of the { $kernel } pass starts: its { $size } invocations begin, in subgroups of { $lanes } lanes.
diagram-step-start-fragment = Fragment ({ $x }, { $y }) starts: the rasterizer made it at the centre of pixel ({ $x }, { $y }).
diagram-step-start-scale = The scale pass starts: one workgroup of one invocation, which walks every bin.
diagram-step-start-canvas = Fragment ({ $x }, { $y }) starts: the rasterizer made it at the centre of canvas pixel ({ $x }, { $y }), where the quad’s texture coordinate is ({ $u }, { $v }).
# $colour: red, green, blue, as numbers.
diagram-step-pixel = { $who } reads pixel ({ $x }, { $y }), colour { $colour }.
diagram-step-pixels = { $who } loads { $pixels } pixels in one vec4u from pixel ({ $x }, { $y }) on, a u32 of RGBA8 each; the first's colour is { $colour }.
diagram-step-load = { $who } loads { $memory }: { $value }.
# $scale and $heights: a channel's letter and its number, for each channel.
diagram-step-fetch = { $who } loads the scale, one a channel ({ $scale }), and multiplies its bin’s counts by it: bar heights { $heights }, where 1 is the canvas’s top.
diagram-step-put-scale = { $who } stores the scale, max(1 / tallest, 0.2 × numBins / numEntries) a channel: { $scale }. The tallest bar reaches the top unless it is more than five times the average bin.
diagram-step-put-tallest = { $who } stores the tallest bins too ({ $tallest }), for the studio’s logarithmic scale.
# $bars: diagram-bars-above; $shown: the channels' letters; $colour: rgb(r, g, b) or diagram-transparent.
diagram-step-colour = { $who } compares each bar’s height with its own: { $bars }. channelMult keeps { $shown }, so the mask is { $mask } and colour { $mask } of the 16 is written to its pixel: { $colour }.
# $bars: the channels' letters, $count of them.
diagram-bars-above = { $count ->
        [0] no bar reaches above its height, { $height }
        [one] the { $bars } bar reaches above its height, { $height }
       *[other] the { $bars } bars reach above its height, { $height }
    }
diagram-transparent = transparent
diagram-step-peek = { $who } reads { $memory } with atomicLoad: { $value }.
diagram-step-store = { $who } stores { $value } to { $memory }.
diagram-step-store-lost = { $who } stores { $value } to { $memory }; another invocation had stored { $other } there since this one loaded { $loaded }: { $lost } { $count ->
        [one] count
       *[other] counts
    } lost.
diagram-step-store-back = { $who } stores { $value } to { $memory }, over { $other }: a count lost earlier comes back.
diagram-step-hold = { $who } starts atomicAdd on { $memory }: the bin is held, and any other that wants it waits.
diagram-step-wait = { $who } waits: { $memory } is held by another invocation's atomicAdd.
diagram-step-add = { $who } adds { $by }: { $memory } is { $value }, and is let go.
# $function: a subgroup function's WGSL name, or diagram-function-*.
diagram-step-vote = { $who } is at { $function }: a subgroup’s lanes run it together, so it waits for the rest of subgroup { $subgroup }.
diagram-step-voted-pixels = Subgroup { $subgroup }’s lanes run { $function } together: { $lanes } of its { $size } lanes have a pixel.
diagram-step-voted-active = Subgroup { $subgroup }’s lanes run { $function } together: { $lanes } of its { $size } lanes are active; the lowest of them leads.
diagram-step-voted-first = Subgroup { $subgroup }’s lanes run { $function } together: every lane now has the first lane’s colour, { $colour }.
diagram-step-voted-value = Subgroup { $subgroup }’s lanes run { $function } together: every lane gets { $value }.
diagram-step-voted-apart = Subgroup { $subgroup }’s lanes run { $function } together: not every lane with a pixel has lane 0’s colour, so each of the { $lanes } adds 1 to each of its pixel’s bins, as in the privatized kernel.
diagram-step-voted-none = Subgroup { $subgroup }’s lanes run { $function } together: none of its lanes has a pixel, so none adds anything.
diagram-step-voted-alike = Subgroup { $subgroup }’s lanes run { $function } together: every lane with a pixel has lane 0’s colour, so lane 0, the leader, adds { $lanes } to each of its bins, once, for all { $lanes }.
diagram-step-barrier = { $who } reaches workgroupBarrier() and waits for the rest of its workgroup.
diagram-step-released = The last invocation of workgroup ({ $x }, { $y }) reaches the barrier: all of them go on.
diagram-step-return = { $who } is outside the picture: it returns.
diagram-step-return-unpaired = { $who }: chunk { $chunk } has no partner at stride { $stride } this step: it returns, and is added in a later step.
diagram-step-done = { $who } is done.
# A line that computes: $line its number, $does what it does (diagram-does-*).
diagram-step-line = { $who }, line { $line }: { $does }.
diagram-step-line-idle = { $who }, line { $line }: { $does } (it has no pixel: its colour is black, and it adds nothing).

## What a kernel's line does, said of the invocation on it

diagram-does-position-global = takes its global id as its pixel’s position
diagram-does-position-fragment = takes its fragment’s position, its pixel’s centre, rounded down: its pixel
diagram-does-inside-picture = checks that its position is inside the picture: it is
diagram-does-position-chunk = works out its pixel: its chunk’s corner plus its local id
diagram-does-next-row = goes on to the next row
diagram-does-next-pixel = goes on to the next pixel of the row
diagram-does-next-channel = goes on to its pixel’s next channel
diagram-does-chunk-index = works out its chunk’s index from its workgroup id
diagram-does-next-bin-copied = takes the next bin it copies: its local index, then every chunk-size-th
diagram-does-bin-global = takes its global id as the bin it sums
diagram-does-next-eight-chunks = goes on to the next eight chunks
diagram-does-next-chunk = goes on to the next chunk
diagram-does-add-partials = adds up its eight partial sums
diagram-does-pair = works out its pair: chunk0 = pair × stride × 2, chunk1 = chunk0 + stride
diagram-does-second-chunk = checks that its pair has a second chunk: it has
diagram-does-next-bin-added = takes the next bin it adds
diagram-does-next-round = starts a round of its loop: its workgroup’s next 256 pixels, one a lane
diagram-does-has-pixel = checks whether it has a pixel this round
diagram-does-colour-bin = works out its colour’s bin for this channel
diagram-does-leader = finds whether it leads its subgroup: whether it is the first active lane, whose colour the broadcast gave (lane 0 where every lane is active, as here)
diagram-does-agreed = its subgroup agreed: the leader adds for every lane, the others add nothing
diagram-does-disagreed = its subgroup did not agree: a lane with a pixel adds 1 for it
diagram-does-next-bin-out = takes the next bin it copies out: its local index, then every 256th
diagram-does-not-empty = checks that the bin is not empty before adding it to the result
diagram-does-tallest-start = starts each channel’s tallest at 1, so that an empty histogram divides by 1, not 0
diagram-does-next-bin = goes on to the next bin
diagram-does-next-bin-channel = goes on to the bin’s next channel
diagram-does-tallest-max = keeps the larger of the channel’s tallest so far and this count
diagram-does-column-bin = works out the bin its column shows: its texture coordinate’s x times the number of bins, rounded down
diagram-does-counts-start = finds where its bin’s counts start: bin × channels
diagram-does-four-channels = four channels: it loads the bin’s other three counts too
diagram-does-other = runs it

## The step-through diagram's stage

diagram-slot-no-workgroup = no workgroup
diagram-slot-no-fragment = no fragment
diagram-slot-one = the one workgroup
diagram-slot-fragment = fragment ({ $x }, { $y })
diagram-slot-workgroup = workgroup { $workgroup }
diagram-slot-workgroup-xy = workgroup ({ $x }, { $y })
# An invocation's local id, short.
diagram-local-id = lid { $x }
diagram-local-id-xy = lid { $x },{ $y }
# Where a value lives, short (b: a bin, c: a chunk); the packed kernel's copy of a bin.
diagram-short-bin = b{ $bin }
diagram-short-chunk = c{ $chunk }·{ $bin }
diagram-short-copy = b{ $bin }·{ $copy }
# What an invocation is doing, on its badge; its first letter stands for it where the badge is a dot.
diagram-badge-waiting = waits
diagram-badge-barrier = barrier
diagram-badge-holding = holds
diagram-badge-returned = returns
diagram-badge-done = done
# Before the dots' legend ("● w: waits · ● b: barrier").
diagram-dots = In the dots:{ " " }
diagram-workgroup-memory = its bins, in workgroup memory
diagram-workgroup-memory-short = workgroup memory
diagram-picture = picture, { $width }×{ $height }
diagram-picture-counted = picture, { $width }×{ $height }, counted
diagram-storage-bins = bins (storage)
diagram-storage-chunks = { $chunks } chunks (storage), a column each
diagram-canvas = canvas, { $width }×{ $height }
# A subgroup's label, short, and what its lanes' functions answered (wrapped after the colon where narrow).
diagram-subgroup-short = sg { $subgroup }
diagram-vote-pixels = { $lanes } with a pixel
diagram-vote-pixels-sent = { $lanes } with a pixel; colour sent
diagram-vote-apart = not alike: { $lanes } lanes add their own
diagram-vote-alike = all alike: lane 0 adds { $lanes }
diagram-vote-none = no pixel: none adds
diagram-code-invocations = { $invocations } invocations

## The step-through diagram's player: its code pane, its pass, where it is, its controls

# $kernel: the kernel's name; its file is <name>.wgsl.
diagram-code-title = { $kernel }.wgsl, its { $stage ->
        [fragment] fragment shader
       *[compute] entry point
    }
diagram-code-title-edited = Your { $kernel }.wgsl (the kernel lab’s text), its entry point
# The code pane's title, and how many of the lines invocations are on it cannot show.
diagram-code-more = { $title } (more lit lines: { $where ->
        [above] { $above } above
        [below] { $below } below
       *[both] { $above } above, { $below } below
    })
diagram-code-label = The kernel, each invocation’s line marked
# The pass played: $work is diagram-pass-fragment, -draw, -workgroups, -subgroups, or -idle(-lanes) around one of them.
diagram-pass = Pass { $pass } of { $passes }: { $kernel }, { $work }.
diagram-pass-stride = Pass { $pass } of { $passes }: { $kernel }, stride { $stride }, { $work }.
diagram-pass-fragment = a triangle over the viewport: { $fragments } fragments, one a pixel, each an invocation of the fragment shader
diagram-pass-draw = a quad over the { $width }×{ $height } canvas: { $fragments } fragments, one a pixel, each an invocation of the fragment shader (a GPU runs many at once; here they play one at a time)
diagram-pass-workgroups = { $groups } { $groupCount ->
        [one] workgroup
       *[other] workgroups
    } of { $size } { $sizeCount ->
        [one] invocation
       *[other] invocations
    }
diagram-pass-subgroups = { $groups } { $groupCount ->
        [one] workgroup
       *[other] workgroups
    } of { $size } { $sizeCount ->
        [one] invocation
       *[other] invocations
    } in subgroups of { $lanes } lanes
diagram-pass-idle = { $work }; { $idle } of each { $size } read no pixel and add to no bin, so { $drawn } are drawn
diagram-pass-idle-lanes = { $work }; { $idle } of { $all } are in subgroups with no pixel and no bin to copy out: they vote, add nothing and are not drawn
# Where the player is, then what that instruction did (diagram-step-*).
diagram-now = Instruction { $at } of { $steps }. { $step }
# $counts: the bins' counts.
diagram-stage-kernel = The { $method } kernel on a { $width }×{ $height } picture, after instruction { $at } of { $steps }: bins { $counts }.
diagram-stage-draw = The scale and draw passes over the bins of a { $width }×{ $height } picture, after instruction { $at } of { $steps }: { $drawn } of { $pixels } canvas pixels drawn.
diagram-scrub-at = instruction { $at } of { $steps }
diagram-play = Play
diagram-pause = Pause
diagram-play-again = Play again
diagram-rewind = Rewind to the start
diagram-back = One instruction back
diagram-forward = One instruction on
diagram-end = Go to the end
diagram-speed = Speed
diagram-scrub = Instruction
diagram-controls = Diagram controls
diagram-own = Back to this step’s kernel
diagram-slots = Workgroups at once
diagram-slots-short = At once
diagram-lanes = Lanes a subgroup
diagram-seed = Seed
diagram-seed-label = Seed of the interleaving
diagram-again = Another interleaving
# The channels channelMult lets the canvas show, and its value.
diagram-shown = channelMult: the channels the canvas shows
diagram-shown-rgb = R, G, B: (1, 1, 1, 0)
diagram-shown-luminance = luminance: (0, 0, 0, 1)
diagram-shown-all = all four: (1, 1, 1, 1)

## The simulation set beside this GPU's run

# Two sentences, one after the other.
diagram-sentences = { $first } { $second }
# $counts: the bins' counts.
diagram-result = Simulated, { $width }×{ $height } picture, { $bins } bins: { $counts }.
diagram-result-draw = Simulated: the scale pass over the bins of the { $width }×{ $height } picture ({ $counts }), then the draw into a { $canvasWidth }×{ $canvasHeight } canvas showing { $shown }: { $coloured } of { $pixels } pixels coloured.
# $verdict: diagram-verdict-*, set apart in its colour.
diagram-result-gpu = The { $method } kernel on this GPU, same { $same ->
        [lanes] picture and bins
        [fragments] picture, bins and fragments
        [chunks] picture, bins and chunks
       *[workgroups] picture, bins and workgroups
    }: { $counts } { $verdict }
diagram-result-gpu-edited = Your kernel on this GPU, same { $same ->
        [lanes] picture and bins
        [fragments] picture, bins and fragments
        [chunks] picture, bins and chunks
       *[workgroups] picture, bins and workgroups
    }: { $counts } { $verdict }
diagram-result-draw-gpu = The scale and draw passes on this GPU, same bins and canvas: { $same } of { $pixels } pixels the same { $verdict }.
diagram-verdict-equal = ✓{ "\u00A0" }equal
diagram-verdict-differ = ✗{ "\u00A0" }they differ
diagram-verdict-pixels-differ = ✗{ "\u00A0" }{ $pixels } differ
diagram-verdict-race-same = (the same: this time its interleaving lost what the simulated one did, or neither lost any).
diagram-verdict-race-own = (its own interleaving: the GPU loses what its timing loses).
diagram-tally-gpu = On this GPU the kernel ran in subgroups of { $lanes } lanes and made { $adds } atomicAdds to workgroup memory.
# $played: the subgroup sizes the simulator plays.
diagram-tally-unplayed = The simulator plays subgroups of { $played } lanes, not { $lanes }.
diagram-tally-choose = Choose { $lanes } lanes to set the simulation beside it.
diagram-tally-simulated = The simulation of { $lanes }-lane subgroups made { $adds } { $verdict }.
# The race: what its interleaving lost; $losses is a list of diagram-loss.
diagram-losses-none = With seed { $seed } no two invocations overlapped on a bin: nothing was lost. Try another interleaving.
diagram-losses-none-alone = With seed { $seed } and one workgroup at a time no two invocations overlapped on a bin: nothing was lost. One at a time, they never can.
diagram-losses = With seed { $seed } this interleaving lost { $lost } { $count ->
        [one] count
       *[other] counts
    } of { $pixels }: { $losses }.
diagram-loss = { $who } loaded { $loaded } from { $bin } and stored { $stored }, where another had already stored { $other } ({ $lost } lost)
