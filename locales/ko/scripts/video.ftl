# A playing video: the video page (www/video.js), its frames and sources
# (www/frames.js, www/video-sources.js), the transport under every video
# (www/transport.js) and a chapter's live video (www/image-live.js).

## Sources in words, each a sentence's subject (`what` below).
video-source-default = 기본 동영상
video-source-camera = 카메라
video-source-file = "{ $name }"

## Why a source was refused or stopped. `what`: a source (above); `why`: the
## browser's words.
video-cannot-be-played = { $what }: 이 브라우저에서 재생할 수 없습니다({ $why }).
video-cannot-be-played-unsaid = { $what }: 이 브라우저에서 재생할 수 없습니다.
video-audio-only = { $what }: 영상 없이 소리만 있습니다.
video-source-will-not-play = { $what }: 재생되지 않습니다({ $why }).
video-does-not-decode = { $what }: 영상을 디코딩할 수 없어 표시하지 못합니다({ $why }).
video-stopped-playing = { $what }: 재생이 멈췄습니다({ $why })
video-stopped-playing-unsaid = { $what }: 재생이 멈췄습니다(디코딩 오류)
# `problem`: one of the above; `kept`: what stays in its place (video-kept).
video-refused = { $problem } { $kept }
video-no-camera = 카메라를 쓸 수 없습니다: { $why }. { $kept }
video-could-not-draw = 동영상을 그릴 수 없습니다: { $why }
video-will-not-play = 동영상이 재생되지 않습니다: { $why }

## How frames reach the GPU (a choice on the video page).
video-path-auto = 이 GPU에 맞는 경로
video-path-import = 가져오기: 브라우저의 프레임을 외부 텍스처로
video-path-decoded = 디코더의 바이트, CPU 경유
video-path-copy = 브라우저가 요소를 복사한 것

## The transport.
video-play = 재생
video-pause = 일시 정지
video-frame-back = 한 프레임 뒤로
video-frame-on = 한 프레임 앞으로
video-position = 동영상 위치
video-transport = 동영상 재생 컨트롤
video-loop = 반복
video-none-yet = 아직 동영상이 없습니다.
# `time`, `duration`: m:ss.t; `length`: "live" for a stream with no end (a camera).
video-transport-state = { $state ->
        [ended] 끝남
        [paused] 일시 정지, { $time }
        [reversing] 역재생 중, { $time }
       *[playing] 재생 중, { $time }
    }{ $length ->
        [live] {" "}(실시간)
       *[known] {" "}/ { $duration }
    }{ $loop ->
        [yes] , 반복 재생.
       *[no] .
    }
video-transport-position = { $time }{ $length ->
        [live] {" "}(실시간)
       *[known] {" "}/ { $duration }
    }

video-speed = 속도
# `speed`: 0.25 to 8, times real time.
video-speed-value = { $speed }×
video-mark-in = 시작점 지정
video-mark-out = 끝점 지정
video-clear-in-out = 시작점과 끝점 지우기
# `in`, `out`: timecode HH:MM:SS:FF, or – where not set.
video-in-out = 시작점 { $in }, 끝점 { $out }
# `timecode`: HH:MM:SS:FF (non-drop); `frame`: the frame's number from 0; `rate`: frames a second, as the file declares it.
video-timecode = { $timecode } · 프레임 { $frame } · { $rate } fps
# The file declares no rate and none has been seen playing yet: `rate` is assumed.
video-timecode-guessed = { $timecode } · 프레임 { $frame } · 재생 전까지 { $rate } fps로 가정

## The video page.
video-try-gpu-again = GPU 다시 시도
video-use-camera = 카메라 사용
video-choose = 동영상 선택…
video-counting = 세기:
video-method-ours = 자체: 사유화, 단일 패스
video-method-article = 청크 + 리듀스: 원문의 방법
video-frames = 프레임:
video-wgsl-import = WGSL: 가져오기 패스 (실제 GPU의 프레임)
video-wgsl-frame = WGSL: 프레임 패스 (디코더의 바이트)
video-wgsl-compose = WGSL: 합성 패스 (프레임과 히스토그램)
video-wgsl-kernel = WGSL: { $method ->
        [privatized] 사유화 커널
       *[chunks-reduce] 원문의 청크 + 리듀스
    }
video-kept = 이전 동영상을 유지합니다.
# Without WebGPU, after page-needs-webgpu: <a> marks the link to the CPU pages.
video-cpu-instead = <a>CPU 페이지</a>는 어느 브라우저에서나 이미지를 셉니다.
# `said`: page-device-reset.
video-device-recovered = { $said } 동영상은 계속 재생됩니다.
# `said`: page-device-gone.
video-device-failed = { $said } GPU가 돌아오면 다시 시도해 보세요.
# The frame path diagram's caption. `path`: the path lit (none until frames
# come; the browser's copy is not drawn); `record`: what is said under the
# stages of the last frame drawn, with the passes' GPU times where there are.
video-path-caption = 두 경로 각각에서 프레임이 단계별로 지나가는 길{ $path ->
        [import] . 이 페이지가 여기서 쓰는 경로인 가져오기가 강조되어 있습니다.
        [decoded] . 이 페이지가 여기서 쓰는 경로인 디코더의 바이트가 강조되어 있습니다.
        [copy] . 여기서는 프레임이 두 경로 모두 거치지 않고, 브라우저가 요소를 복사한 것으로 옵니다.
       *[none] .
    }{ $record ->
        [timed] {" "}단계 아래에는 마지막으로 그린 프레임의 동영상 속 시간, 크기, 각 패스의 GPU 시간(그리기 시간은 스케일 패스 포함)이 나옵니다.
        [untimed] {" "}단계 아래에는 마지막으로 그린 프레임의 동영상 속 시간과 크기가 나옵니다.
       *[none] {""}
    }
# Under the diagram's stages: `time`, seconds into the video; `mb`, megabytes;
# `format`, the decoder's pixel layout ("NV12").
video-said-time = { $time }초 지점
video-said-bytes = { $mb } MB, { $format }
# Under the frame pass where the kernel chosen counts, not it.
video-converts-only = 변환만, 세기는 커널이
# A time not measured.
video-no-time = 아직 측정 안 됨
# The overlay over the video, a line each. `path`: how frames come (video-path-*);
# `counter`, `drawing`: the core's words for the passes ("privatized kernel",
# "compose pass"); `time`: page-ms. Hangul is two columns wide: the padding keeps the times in line.
video-overlay-rate = { $fps } fps, 프레임 { $path ->
        [import] 가져오기
        [decoded] 디코딩
       *[copy] 복사
    }, 세는 패스: { $counter }
video-overlay-import = GPU 가져오기{ "\u3000" } { $time }
video-overlay-count = GPU 히스토그램 { $time }
video-overlay-draw = GPU 그리기{ "\u3000\u3000" } { $time } ({ $drawing })
video-overlay-other = { $counter }: { $time } (마지막으로 표시했을 때)
video-overlay-untimed = GPU 시간: { $reason ->
        [late] 재지 않음(llvmpipe의 타임스탬프)
       *[none] 타임스탬프 쿼리 없음
    }
# Untimed: how the frame and its histograms are drawn.
video-overlay-drawing = GPU 그리기: { $drawing }

## A chapter's live video.
video-live-label = 히스토그램을 겹친 동영상
video-unnamed = 동영상
# `name`: a source (video-source-*, or the page's); `counter`: the core's words for the pass that counts.
video-live-caption = { $name }, { $width }×{ $height }, 세는 패스: { $counter }
video-live-timing = 측정 중…
video-live-kept = 이전 이미지나 동영상을 유지합니다.
# `rate`: page-per-second.
video-live-untimed = { $rate }. 패스의 시간은 재지 않습니다({ $why }).
# `method`, `beside`: the kernels' names; `time`, `besideTime`: each one's median
# (page-ms, or … while none is had).
video-live-time = { $rate }. 프레임당 세기의 GPU 시간, 최근 측정한 프레임들의 중앙값: { $method } { $time }
# `compared`: whether `method` took less time than `beside` or more, `ratio`
# times (none until both are timed).
video-live-time-beside = { $rate }. 프레임당 세기의 GPU 시간, 최근 측정한 프레임들의 중앙값: { $method } { $time }, { $beside } { $besideTime } (측정하는 프레임마다 둘을 번갈아 실행).{ $compared ->
        [less] {" "}이 동영상에서 { $method } 버전은 { $beside } 버전 시간의 1/{ $ratio }만 걸립니다.
        [more] {" "}이 동영상에서 { $method } 버전은 { $beside } 버전보다 { $ratio }배 오래 걸립니다.
       *[none] {""}
    }
