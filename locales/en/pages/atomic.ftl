# www/atomic.html
atomic-title = GPU: one invocation per pixel, atomicAdd · WebGPU Image Histogram
atomic-description =
    .content = The race fixed with atomicAdd on storage memory.
atomic-heading = GPU: one invocation per pixel, atomicAdd
atomic-race-fixed-by =
    The race is fixed by making the increment one indivisible step: the bins become
    <code>array&lt;atomic&lt;u32&gt;&gt;</code> and each invocation calls
    <code>atomicAdd(&amp;bins[bin], 1u)</code>. The memory system does the load, the add and the
    store as one operation on that word, so no count is lost and the bins add up to the pixel
    count again.
atomic-diagram-atomicadd-holds =
    In the diagram an atomicAdd holds its bin (framed in orange) from its start to its end; an
    invocation that wants a held bin shows <em>waits</em> until it is let go. Same picture, same
    four workgroups at a time as the race: the final bins are exact under every interleaving,
    and they are checked against this kernel's own count of the same picture on your GPU.
atomic-what-it-costs = What it costs
atomic-waiting-price-every =
    Waiting is the price. Every pixel of a common brightness queues on the same word of storage
    memory, and a photo's pixels are far from spread evenly over the 256 bins (the histogram
    above shows where yours pile up). A picture of one colour is the worst case: every
    invocation waits on one bin. The time below is this kernel on your GPU; the article found it
    about 4 times faster than its JavaScript on its author's machine. The next pages keep the
    atomics but move them somewhere faster.
atomic-dispatch = The dispatch
atomic-for-this-picture = For this <span data-fact="size">picture</span>:
atomic-workgroup-size-changes =
    The workgroup size changes only how the invocations are handed out. 1×1 gives one workgroup
    per pixel, as the article's pages do; 16×16 gives one per square of 256 pixels; the
    invocations past the edges are sent back by the bounds check (in this run
    <span data-fact="outside">some</span> of <span data-fact="launched">them</span>). The
    atomics are the same either way, on the same storage memory, so the counts are too. With
    four channels every pixel makes four atomicAdds.
