# www/chunks-reduce.html
chunks-reduce-title = GPU: workgroup chunks + reduce · WebGPU Image Histogram
chunks-reduce-description =
    .content = The same chunks, summed by a pairwise reduction that keeps the whole GPU busy.
chunks-reduce-heading = GPU: workgroup chunks + reduce
chunks-reduce-chunks-are-counted =
    The chunks are counted as on the previous page. What changes is how they are added up:
    instead of a few hundred invocations each walking every chunk, a <em>reduction</em> adds
    them in pairs. One pass adds chunk 1 into chunk 0, chunk 3 into chunk 2, and so on; the next
    adds chunk 2 into 0 and 6 into 4; each pass doubles the distance between partners (the
    <code>stride</code>, a uniform) and halves the chunks still to add, until chunk 0 holds the
    whole histogram.
chunks-reduce-diagram-s-14 =
    The diagram's 14 chunks take four reduce passes, at strides 1, 2, 4 and 8; a chunk that has
    been added into another fades. At stride 2 the pair starting at chunk 12 has no partner
    (there is no chunk 14): its workgroup returns and chunk 12 is added at stride 4. The sum
    pass then copies chunk 0 into the bins.
chunks-reduce-why-it-faster = Why it is faster
chunks-reduce-every-reduce-pass =
    Every reduce pass has many workgroups in flight, each adding one pair, so the whole GPU
    helps with the sum, and the number of passes grows only as the logarithm of the chunks: for
    this <span data-fact="size">picture</span> in <span data-fact="shape">256×1</span> chunks,
    <span data-fact="chunks">the</span> chunks took <span data-fact="steps">a few</span> reduce
    passes, of <span data-fact="reduce-groups">fewer and fewer</span> workgroups. Each
    dispatch's writes are seen by the next, because a pass waits for the one before it. The
    passes' times are below: compare the reduce passes with the previous page's sum. The
    article's author timed this version under 1 ms on both the machines where the previous one
    took 11 ms and 1.7 ms.
chunks-reduce-dispatches-odd-chunk = The dispatches, and the odd chunk out
chunks-reduce-with-chunk-count =
    With a chunk count that is not a power of two, some pair has no partner at some stride. The
    article dispatches <code>floor(chunks left / 2)</code> workgroups a pass, so no workgroup is
    ever given such a pair; this page dispatches one a pair rounded up and lets the odd one
    return at its bounds check, which comes to the same sums. A large picture whose chunks would
    not fit one storage buffer is processed in bands, and the page says so.
chunks-reduce-what-part-1 = What part 1 comes to
chunks-reduce-article-ends-first =
    The article ends its first part with a few lessons; here they are in our words, each with
    the page that shows it on your machine.
chunks-reduce-gpu-fast-only =
    A GPU is fast only when it is given thousands of invocations to run at once:
    <a href="single.html">one invocation</a> is slower than a CPU's loop.
chunks-reduce-invocations-that-update =
    Invocations that update the same memory race and lose counts unless they take turns:
    <a href="race.html">the race</a>, then <a href="atomic.html">atomicAdd</a>.
chunks-reduce-var-workgroup-memory =
    <code>var&lt;workgroup&gt;</code> memory is shared by one workgroup's invocations, close and
    quick: <a href="chunks-sum.html">chunks</a>.
chunks-reduce-less-invocations-have =
    The less invocations have to coordinate, the better; where they must, atomics and
    <code>workgroupBarrier()</code> do it: the chunks' barrier, and this page's reduce, whose
    pairs never meet.
chunks-reduce-never-assume-gpu =
    Never assume the GPU is fast: time each pass, as every page here does, and compare on the
    <a href="timings.html">timings page</a>.
