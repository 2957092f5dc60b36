# www/video.html
video-title = Live video histograms · WebGPU Image Histogram
video-description =
    .content = Every frame of a playing video, histogrammed and drawn on the GPU.
video-heading = Live video histograms
video-playing-video-beside =
    A playing video beside nothing but its own histograms: red, green, blue and luminance,
    counted and drawn by your GPU on every frame. Space or K plays and pauses, the arrow keys
    step a frame (each counted and drawn), the bar under the video scrubs; a click on the
    picture plays or pauses too. Drop a video anywhere on the page.
video-how-frame-reaches = How a frame reaches the histogram
video-real-gpu-browser = On a real GPU: the browser imports the frame
video-video = &lt;video&gt;
video-frame = its frame
video-external-texture = external texture
video-this-frame-only = this frame only
video-import-pass = import pass
video-writes-rgb-once = writes RGB once
video-count = count
video-into-bins = into the bins
video-scale = scale
video-one-channel = one a channel
video-draw = draw
video-canvas = to the canvas
video-where-cpu-plays = Where the CPU plays the GPU: the decoder's bytes go up
video-decoder = decoder
video-videoframe = a VideoFrame
video-copyto = copyTo
video-planes = its planes
video-frame-pass = frame pass
video-converts-counts-at = converts and counts at once
video-scale-2 = scale
video-one-channel-2 = one a channel
video-draw-2 = draw
video-canvas-2 = to the canvas
video-frame-s-way = A frame's way, stage after stage, on each of the two paths.
video-each-time-video =
    Each time the video has a new frame, the page asks the GPU to take it. On a real GPU it
    passes the <code>&lt;video&gt;</code> element to
    <code>device.importExternalTexture()</code>, which gives a <code>texture_external</code>:
    the browser may wrap the decoder's own memory, often still YUV, which sampling converts to
    RGB, or copy the frame first (a frame decoded in software has to be uploaded); which, is the
    browser's choice. An external texture taken from a <code>&lt;video&gt;</code> expires by
    itself in a task soon after the one that imported it (one taken from a WebCodecs
    <code>VideoFrame</code> would last until the frame is closed), so the page imports anew
    every frame and never keeps one. The import pass samples it once and writes an ordinary RGB
    texture, which the counting kernel reads, as any picture is read on the earlier pages.
video-where-cpu-plays-2 =
    Where the CPU plays the GPU (SwiftShader, lavapipe), importing a frame, or the browser
    copying one from the element, proved many times slower on this project's machine than taking
    the decoder's bytes: the page makes a <code>VideoFrame</code> of the element, copies its
    planes out with <code>VideoFrame.copyTo()</code> and uploads them, and one pass converts
    them to RGB and counts them together, each invocation into a histogram of its own, with no
    atomics to wait on.
video-how-it-drawn = How it is drawn
video-scale-pass-finds =
    The scale pass finds one scale a channel from its fullest bin, as on the previous page. On a
    real GPU one compute pass then writes the whole canvas: the frame, and over its foot the
    histograms, in the colours of the CPU pages (where red, green and blue overlap: white, not
    the article's grey; the four-channel chapter says why). Where the CPU plays the GPU, a
    render pass draws instead, as in the article: a CPU rasterizes faster than it runs that
    compute pass. Nothing is read back to the CPU between frames, so the page keeps up with the
    video; the overlay gives the GPU time of each part.
video-screen-label =
    .aria-label = The video with its histograms
video-play-label =
    .aria-label = Play the video
