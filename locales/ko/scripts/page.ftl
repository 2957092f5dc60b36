# What every page's scripts say alike (www/page.js, www/site.js).

## Where the page gets no GPU: `who`, the page in words (page-who, or the
## page's own: "스튜디오"); `why`, the reason (the browser's or the core's
## words, in English, or webgpu-*). What works without a GPU follows after the space.
page-needs-webgpu = { $who }에는 WebGPU가 필요합니다: { $why }.{" "}
page-who = 이 페이지
page-could-not-start = 페이지를 시작할 수 없습니다: { $why }
# The name given to a picture pasted without one (a screenshot).
page-pasted-picture = 붙여 넣은 이미지

## A lost GPU device. `reason`: the browser's own words for the loss.
page-lost-no-reason = 알 수 없는 이유
page-device-lost = GPU 장치를 잃었습니다({ $reason }). 새 장치를 여는 중…
# `ms`: whole milliseconds.
page-device-reset = GPU가 재설정되었습니다({ $reason }). { $ms } ms 만에 새 장치를 열었습니다.
page-device-gone = GPU 장치를 잃었고({ $reason }) 새 장치를 얻지 못했습니다({ $why }).
# After "GPU 다시 시도" failed: no loss to tell of.
page-device-gone-retried = GPU 장치를 잃었고 새 장치를 얻지 못했습니다({ $why }).

## Times and rates. `ms`, `us`: the number, already written (a no-break space keeps its unit on its line).
page-ms = { $ms } ms
page-us = { $us } µs
# A time shorter than the browser's timer tells.
page-ms-under-step = 0.1 ms 미만
# `fps`: the rate as written; `count`: the same, as a number (Korean has no plural).
page-per-second = 초당 { $fps }{ $count ->
       *[other] 프레임
    }
# How a count was timed: `wall`, `gpu`, times (page-ms).
page-time-cpu = { $wall } (벽시계 시간, performance.now())
page-time-gpu = GPU에서 { $gpu } (타임스탬프 쿼리, 브라우저가 반올림할 수 있음) · 빈이 CPU로 돌아오기까지 { $wall }
page-time-wall = 벽시계 시간 { $wall }, 제출부터 빈이 돌아오기까지({ $why })
untimed-why = { $why ->
        [late] 이 어댑터는 CPU에서 도는 Mesa의 llvmpipe로 간주되며, llvmpipe는 타임스탬프를 컴퓨트 패스가 실행될 때가 아니라 그릴 때 기록하므로 쓰지 않음
       *[none] 이 어댑터에는 타임스탬프 쿼리가 없음
    }
# `time`: one of the three above, on an adapter the CPU plays.
page-time-software = { $time } · CPU 어댑터(소프트웨어가 GPU 역할을 하므로 실제 GPU보다 훨씬 느림)
