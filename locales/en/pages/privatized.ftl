# www/privatized.html
privatized-title = Beyond the article: one privatized pass · WebGPU Image Histogram
privatized-description =
    .content = A small grid of workgroups, each counting many pixels: no chunks, no reduction.
privatized-heading = Beyond the article: one privatized pass
privatized-chunk-methods-launch =
    The chunk methods launch one workgroup per 256 pixels and then need a second phase to add
    thousands of chunk histograms together. Here a fixed, small grid of workgroups shares out
    the image's rows: each invocation counts dozens of pixels into its workgroup's histogram in
    workgroup memory, and at the end each workgroup adds its non-zero bins to the result with
    one <code>atomicAdd</code> each.
privatized-no-chunks-buffer =
    No chunks buffer, no reduction passes, far fewer workgroups to start: one pass does the
    whole job. This is the method the GPU-drawing and video pages use.
privatized-diagram-runs-this =
    The diagram runs this kernel, as written, on the introduction's 6×7 picture. Its grid is one
    workgroup of 256 invocations, so the stride is 256 and each of the first 42 invocations has
    one pixel: it adds to the workgroup's private bins (an <code>atomicAdd</code> holds its bin;
    another invocation that wants the same bin waits). The ones with no pixel go straight to the
    barrier. Past it, the first invocations take one private bin each and add it to the result
    in storage where it is not zero: one add a bin a workgroup, where the atomic step made one a
    pixel.
