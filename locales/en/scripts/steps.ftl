# The steps (src/gpu/steps/) as the chapters and the timings page name them, and
# what each pass does. Ids by the core's names; the English is the core's own
# (each step's `label`, each kernel's `does`), so a step added there needs its
# messages here.

## What the method choices, the times side by side and the timings table's
## columns call a step ("pixel/workgroup" and the chunk steps: the article's
## column names; "(ours)": a kernel past the article).
step-label-single = single
step-label-race = race
step-label-atomic = pixel/workgroup
step-label-fragment = fragment
step-label-chunks-sum = chunks + sum
step-label-chunks-reduce = chunks + reduce
step-label-privatized = privatized (ours)
step-label-packed = packed (ours)
step-label-deep = deep: 16 bits (ours)
step-label-subgroups = subgroups (ours)

## What a pass does, beside its time in a chapter's table of passes: a short
## phrase, no capital, no full stop.
pass-does-single = one invocation walks every pixel
pass-does-race = an invocation a pixel, plain adds
pass-does-atomic = an invocation a pixel, atomicAdd
pass-does-fragment = a fragment a pixel
pass-does-chunks = each workgroup counts its chunk
pass-does-sum = one invocation a bin adds up the chunks
pass-does-reduce = adds chunks in pairs
pass-does-privatized = workgroups count into private bins
pass-does-packed = four pixels a load, bins in copies
pass-does-deep = 16-bit samples into private bins
pass-does-subgroups = a subgroup of one colour adds once
# The GPU-drawing chapter's two passes.
pass-does-scale = finds the tallest bin, the scale
pass-does-draw = a fragment shader draws the bars

# The passes the core names by identifiers (www/l10n.js: counterName, drawingName;
# www/pass-times.js: a reduce step's pass, "reduce:4", with its $stride; a draw pass,
# "draw:rgb", by the panel it draws).
pass-name-frame-pass = frame pass
pass-name-kernel = { $method } kernel
pass-name-compose-pass = compose pass
pass-name-render-pass = render pass
pass-name-stride = { $kernel }, stride { $stride }
pass-name-draw-rgb = draw: R, G and B
pass-name-draw-luminance = draw: luminance
