# A playing video: the video page (www/video.js), its frames and sources
# (www/frames.js, www/video-sources.js), the transport under every video
# (www/transport.js) and a chapter's live video (www/image-live.js).

## Sources in words, each a sentence's subject (`what` below).
video-source-default = The default video
video-source-camera = The camera
video-source-file = "{ $name }"

## Why a source was refused or stopped. `what`: a source (above); `why`: the
## browser's words.
video-cannot-be-played = { $what } cannot be played by this browser ({ $why }).
video-cannot-be-played-unsaid = { $what } cannot be played by this browser.
video-audio-only = { $what } has no picture: audio only.
video-source-will-not-play = { $what } will not play: { $why }.
video-does-not-decode = { $what } cannot be shown: its picture does not decode ({ $why }).
video-stopped-playing = { $what } stopped playing ({ $why })
video-stopped-playing-unsaid = { $what } stopped playing (a decoding error)
# `problem`: one of the above; `kept`: what stays in its place (video-kept).
video-refused = { $problem } { $kept }
video-no-camera = The camera is not available: { $why }. { $kept }
video-could-not-draw = The video could not be drawn: { $why }
video-will-not-play = The video will not play: { $why }

## How frames reach the GPU (a choice on the video page).
video-path-auto = the one for this GPU
video-path-import = imported: the browser’s frame as an external texture
video-path-decoded = the decoder’s bytes, through the CPU
video-path-copy = the browser’s copy of the element

## The transport.
video-play = Play
video-pause = Pause
video-frame-back = One frame back
video-frame-on = One frame on
video-position = Position in the video
video-transport = Video transport
video-loop = Loop
video-none-yet = No video yet.
# `time`, `duration`: m:ss.t; `length`: "live" for a stream with no end (a camera).
video-transport-state = { $state ->
        [ended] Ended
        [paused] Paused at { $time }
        [reversing] Playing backwards, { $time }
       *[playing] Playing, { $time }
    }{ $length ->
        [live] {" "}(live)
       *[known] {" "}of { $duration }
    }{ $loop ->
        [yes] , looping.
       *[no] .
    }
video-transport-position = { $time }{ $length ->
        [live] {" "}(live)
       *[known] {" "}of { $duration }
    }

video-speed = Speed
# `speed`: 0.25 to 8, times real time.
video-speed-value = { $speed }×
video-mark-in = Mark in
video-mark-out = Mark out
video-clear-in-out = Clear in and out
# `in`, `out`: timecode HH:MM:SS:FF, or – where not set.
video-in-out = In { $in }, out { $out }
# `timecode`: HH:MM:SS:FF (non-drop); `frame`: the frame's number from 0; `rate`: frames a second, as the file declares it.
video-timecode = { $timecode } · frame { $frame } · { $rate } fps
# The file declares no rate and none has been seen playing yet: `rate` is assumed.
video-timecode-guessed = { $timecode } · frame { $frame } · { $rate } fps assumed until it plays

## The video page.
video-try-gpu-again = Try the GPU again
video-use-camera = Use the camera
video-choose = Choose a video…
video-counting = Counting:
video-method-ours = ours: privatized, one pass
video-method-article = chunks + reduce: the article’s
video-frames = Frames:
video-wgsl-import = WGSL: the import pass (a real GPU’s frames)
video-wgsl-frame = WGSL: the frame pass (the decoder’s bytes)
video-wgsl-compose = WGSL: the compose pass (the frame and its histograms)
video-wgsl-kernel = WGSL: the { $method ->
        [privatized] privatized kernel
       *[chunks-reduce] article’s chunks + reduce
    }
video-kept = The previous video is kept.
# Without WebGPU, after page-needs-webgpu: <a> marks the link to the CPU pages.
video-cpu-instead = <a>The CPU pages</a> count pictures in any browser.
# `said`: page-device-reset.
video-device-recovered = { $said } The video plays on.
# `said`: page-device-gone.
video-device-failed = { $said } Try the GPU again when it is back.
# The frame path diagram's caption. `path`: the path lit (none until frames
# come; the browser's copy is not drawn); `record`: what is said under the
# stages of the last frame drawn, with the passes' GPU times where there are.
video-path-caption = A frame's way, stage after stage, on each of the two paths{ $path ->
        [import] : the path this page takes here, the import, is lit.
        [decoded] : the path this page takes here, the decoder's bytes, is lit.
        [copy] . Here frames take neither: they come as the browser's copy of the element.
       *[none] .
    }{ $record ->
        [timed] {" "}Under its stages, the last frame drawn: its time in the video, its size and each pass's GPU time (the draw's with the scale pass).
        [untimed] {" "}Under its stages, the last frame drawn: its time in the video, its size.
       *[none] {""}
    }
# Under the diagram's stages: `time`, seconds into the video; `mb`, megabytes;
# `format`, the decoder's pixel layout ("NV12").
video-said-time = at { $time } s
video-said-bytes = { $mb } MB, { $format }
# Under the frame pass where the kernel chosen counts, not it.
video-converts-only = converts; a kernel counts
# A time not measured yet (before the first timed frame).
video-no-time = not timed yet
# The overlay over the video, a line each. `path`: how frames come (video-path-*);
# `counter`, `drawing`: the core's words for the passes ("privatized kernel",
# "compose pass"); `time`: page-ms.
video-overlay-rate = { $fps } fps, frames { $path ->
        [import] import
        [decoded] decoded
       *[copy] copy
    }, counted by the { $counter }
video-overlay-import = GPU import    { $time }
video-overlay-count = GPU histogram { $time }
video-overlay-draw = GPU drawing   { $time } ({ $drawing })
video-overlay-other = { $counter }: { $time } when last shown
video-overlay-untimed = GPU time: { $reason ->
        [late] not timed (llvmpipe's timestamps)
       *[none] no timestamp queries
    }
# Untimed: how the frame and its histograms are drawn.
video-overlay-drawing = GPU drawing: { $drawing }

## A chapter's live video.
video-live-label = The video with its histograms
video-unnamed = Video
# `name`: a source (video-source-*, or the page's); `counter`: the core's words for the pass that counts.
video-live-caption = { $name }, { $width }×{ $height }, counted by the { $counter }
video-live-timing = Timing…
video-live-kept = The previous picture or video is kept.
# `rate`: page-per-second.
video-live-untimed = { $rate }. The passes are not timed: { $why }.
# `method`, `beside`: the kernels' names; `time`, `besideTime`: each one's median
# (page-ms, or … while none is had).
video-live-time = { $rate }. GPU time of the count per frame, median of the last timed frames: { $method } { $time }
# `compared`: whether `method` took less time than `beside` or more, `ratio`
# times (none until both are timed).
video-live-time-beside = { $rate }. GPU time of the count per frame, median of the last timed frames: { $method } { $time }, { $beside } { $besideTime } (the two alternate on the frames timed).{ $compared ->
        [less] {" "}On this video the { $method } version takes 1/{ $ratio } of the time of the { $beside } version.
        [more] {" "}On this video the { $method } version takes { $ratio }× as long as the { $beside } version.
       *[none] {""}
    }
