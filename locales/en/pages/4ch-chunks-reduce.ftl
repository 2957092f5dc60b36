# www/4ch-chunks-reduce.html
four-chunks-reduce-title = Four channels, chunks + reduce · WebGPU Image Histogram
four-chunks-reduce-description =
    .content = The article&#x27;s fastest method, counting R, G, B and luminance at once.
four-chunks-reduce-heading = Four channels, chunks + reduce
four-chunks-reduce-article-s-fastest =
    The article's fastest method with four channels. A workgroup's bins in workgroup memory now
    hold four atomic counters a bin (the article's <code>array&lt;array&lt;atomic&lt;u32&gt;,
    4&gt;, chunkSize&gt;</code>, laid out the same way), each chunk copied out is four times
    larger, and every reduce pass adds four counters a bin.
four-chunks-reduce-diagram-part-1 =
    The diagram is part 1's with four channels: each chunk's column holds twelve counters, three
    bins of R, G, B and L.
four-chunks-reduce-memory-for-chunks =
    Memory for the chunks grows fourfold too: for this <span data-fact="size">picture</span> in
    <span data-fact="shape">256×1</span> chunks the chunks buffer takes
    <span data-fact="chunk-bytes">some</span>, and a large picture reaches the storage buffer
    limit sooner and is processed in bands, which the page says.
four-chunks-reduce-article-s-own =
    The article's own 16×16 version (<code>4ch-optimized-16x16</code>) adds up the chunks with
    one workgroup, the single-workgroup sum of part 1, not by reduction: choose 16×16 chunks and
    the single-workgroup sum for that. Both are timed below on the same picture.
