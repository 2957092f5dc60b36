# The timings page (www/timings.js): the article's part-1 table, filled in on this
# machine. Sizes ("2448×1505") and times come written; `runs` and `channels` are
# numbers, with `runsShown` the runs as written (Korean has no plural).

## The table.
timings-column-machine = 컴퓨터 (ms)
# The article's "js" column: its loop, here in Rust compiled to WebAssembly.
timings-column-cpu = js (여기서는 Rust/wasm)
timings-this-machine = { $channels }채널: 이 컴퓨터
# The article's rows: `machine`, its name for it (M1 Mac, Intel UHD 630...).
timings-article-row = { $channels }채널: { $machine }
# A cell of a step this GPU's device cannot run; a cell without a GPU.
timings-not-here = 이 GPU에서 불가
timings-no-gpu = GPU 없음

## The controls and the status line. `name`: a file's name; `why`: an error's
## own words; `said`: what the page said of a lost device (page-device-*).
timings-loading = 불러오는 중…
timings-progress = 진행률
timings-run-again = 다시 실행
timings-choose-image = 이미지 선택…
# `method`: the column's name (timings-column-cpu or step-label-*).
timings-timing = { $method } 측정 중, 채널 { $channels }개: { $runs ->
       *[other] { $runsShown }회 실행
    }…
timings-next-file = 다음 차례: { $name }. 이 방법의 측정이 끝나는 대로 시작합니다.
# `subject`: the picture timed (timings-subject-*); what the core notes of a file follows.
timings-done = 완료: { $runs ->
       *[other] { $runsShown }회 실행
    }의 중앙값입니다. 대상: { $subject }.
# The pictures timed: the sunset at one size or at two (one channel's and four's),
# a benchmark picture (`kind`: natural, uniform or noise), or a file (`format`: how it was stored).
timings-subject-sunset = 노을 이미지, { $size }
timings-subject-sunsets = 노을 이미지, { $first } 및 { $second }
timings-subject-bench = 명령줄 벤치마크와 CUB 벤치마크의 { $kind } 이미지, { $size }
timings-subject-file = { $name }, { $size } ({ $format })
# A file just read, to be timed: `subject`, timings-subject-file.
timings-subject-read = { $subject }.
timings-reading = { $name } 읽는 중…
# `why`: why the file could not be read, a sentence.
timings-image-kept = { $why } 이전 이미지를 유지합니다.
timings-failed = 측정 실패: { $why }
# Without WebGPU, after "…WebGPU가 필요합니다…"; and once the GPU is gone.
timings-cpu-only = CPU 열만 채울 수 있습니다.
timings-device-failed = { $said } CPU 열만 채울 수 있습니다.
timings-timed-again = { $said } 측정 중이던 방법을 처음부터 다시 측정했습니다.

## How the table is timed, said before it starts. `adapter`: the browser's words for the GPU.
timings-machine = GPU: { $adapter }. 표 전체를 채우는 데 몇 초에서 1분쯤 걸리며, 그 대부분은 단일 호출 열의 몫입니다.
timings-machine-software = GPU: { $adapter }. 소프트웨어가 GPU 역할을 하는 CPU 어댑터이므로 표를 채우는 데 몇 분이 걸리며, 그 대부분은 단일 호출 열의 몫입니다. 버튼 곁의 진행 막대가 진행 상황을 보여 줍니다.
# `warmup`: milliseconds.
timings-how = 각 GPU 방법은 먼저 한 번 실행하고 { $warmup } ms 동안 GPU를 바쁘게 만든 뒤(놀고 있는 GPU는 클럭을 낮춥니다), { $runs ->
       *[other] { $runsShown }회
    } 실행해 시간을 잽니다. 표에는 중앙값이 나옵니다.
# After timings-how: `least`, milliseconds.
timings-how-timestamps = GPU 열: 컴퓨트 패스를 타임스탬프 쿼리로 잰 시간(브라우저가 반올림할 수 있음). js: 원문의 CPU 루프(Rust)를 performance.now()로 감싸 최소 { $least } ms 동안 반복한 평균.
timings-how-wall = GPU 열은 제출부터 빈이 돌아오기까지의 벽시계 시간입니다({ $why }). js: 원문의 CPU 루프(Rust)를 performance.now()로 감싸 최소 { $least } ms 동안 반복한 평균.
# Said once, after the others, where a run's GPU timestamps spanned more than the
# wall clock around them: `gpu`, `wall`, milliseconds.
timings-untrusted = 이 브라우저의 GPU 타임스탬프는 벽시계 시간 { $wall } ms 안에서 { $gpu } ms에 걸쳐 있어 믿을 수 없습니다. 이제부터 GPU 열은 제출부터 빈이 돌아오기까지의 벽시계 시간입니다.
