# index.html
home-title = WebGPU Image Histogram
home-description =
    .content =
    Image histograms on the GPU with WebGPU, step by step after the webgpufundamentals.org
    articles: from a CPU loop to kernels faster than NVIDIA's CUB, live on pictures, video and
    the camera.
home-heading = WebGPU Image Histogram
home-every-step-from =
    Every step from a plain CPU loop to GPU compute shaders that count the colours of an image,
    after the webgpufundamentals.org articles <cite>WebGPU Compute Shaders – Image
    Histogram</cite>, parts 1 and 2, written in Rust with wgpu and running in this browser. Each
    example is a live page that measures itself on your machine; drop in your own image on any
    of them.
home-open-studio-your =
    <a class="button" href="www/studio.html">Open the studio</a> <span class="muted">Your
    picture, video or camera with live histograms, statistics, a region of interest, clipping
    warnings and histogram-driven adjustments.</span>
home-looking-for-webgpu = Looking for WebGPU…
