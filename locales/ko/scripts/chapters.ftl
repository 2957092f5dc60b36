# The chapters' pages over an image (www/image-page.js and the modules it lays out
# with), and the introduction's (www/intro.js). Sizes ("2448×1505"), times (page-ms)
# and counts ("1,234") come written; a `count`, `runs`, `rounds` or `channels` is
# the number itself (Korean has no plural: a single default variant where needed).

## The page's controls and places (www/chapter-layout.js).
chapter-loading = 불러오는 중…
chapter-play-video = 동영상 재생
chapter-use-camera = 카메라 사용
chapter-run-again = 다시 실행
chapter-download-csv = CSV 다운로드
chapter-choose-image = 이미지 선택…
chapter-choose-image-or-video = 이미지나 동영상 선택…
# The race page's button: a picture of one colour, where every invocation adds to one bin.
chapter-race-harder = 더 심한 경쟁: 단색 이미지
# The labels of the choices, before each list.
chapter-method = 방법:
chapter-channels = 채널:
chapter-channels-luminance = 휘도
chapter-channels-rgbl = R, G, B와 휘도
# The shapes a page offers: the chunk a workgroup counts, or the pixels of a
# one-invocation-per-pixel workgroup.
chapter-shape-chunk = 청크:
chapter-shape-chunk-256x1 = 256×1 픽셀 (원문)
chapter-shape-chunk-16x16 = 16×16 픽셀 (원문이 더 나은지 궁금해한 크기)
chapter-shape-workgroup = 워크그룹:
chapter-shape-workgroup-1x1 = 1×1 (원문)
chapter-shape-workgroup-16x16 = 16×16 (워크그룹마다 정사각형 픽셀 영역 하나)
chapter-image-label = 측정할 이미지
chapter-drop-image = 이미지를 여기나 페이지의 아무 곳에 끌어다 놓으세요.
chapter-drop-image-or-video = 이미지나 동영상을 여기나 페이지의 아무 곳에 끌어다 놓으세요.
# A histogram's caption; .aria-label names its canvas.
chapter-histogram-luminance = 휘도
    .aria-label = 휘도 히스토그램
chapter-histogram-rgb = 빨강, 초록, 파랑 (스크린 블렌딩)
    .aria-label = 빨강, 초록, 파랑 히스토그램
# Headings of the times section: the CPU's one time, or a GPU count's passes.
chapter-time = 시간
chapter-time-by-pass = 패스별 시간
# The race page's other runs of the same picture.
chapter-more-runs = 같은 이미지로 { $runs }번 더 실행
# The sources shown, each under a summary.
chapter-article-loop-source = 원문의 루프 (Rust)
chapter-tally-source = 이 사이트가 세는 데 쓰는 집계 코드 (Rust)
chapter-kernel-source = 이 커널의 WGSL
chapter-drawing-source = 그리기의 WGSL: scale.wgsl과 draw.wgsl

## The page at work (www/image-page.js). `why`: an error's own words; `name`: a
## file's name; `said`: what the page said of a lost device (page-device-*).
# The pictures of the project's own, named under the picture.
chapter-picture-sunset = 노을 (이 프로젝트에서 만듦)
chapter-picture-uniform = 단색 (이 프로젝트에서 만듦)
chapter-project-video = 이 프로젝트의 동영상
# Under the picture: its name and size, and how it was stored (`format`).
chapter-image-caption = { $name }, { $size }
chapter-image-caption-format = { $name }, { $size } ({ $format })
chapter-running = 실행 중…
chapter-running-single = 실행 중… GPU 스레드 하나가 모든 픽셀을 돌고 있어 시간이 좀 걸립니다. 그동안에도 페이지는 반응합니다.
chapter-count-failed = 히스토그램을 계산할 수 없습니다: { $why }
chapter-reading = { $name } 읽는 중…
# `why`: why the file could not be read, a sentence.
chapter-image-kept = { $why } 이전 이미지를 유지합니다.
chapter-timing-methods = 방법별로 시간을 재는 중…
chapter-next-file = 다음 차례: { $name }. 지금 실행이 끝나는 대로 시작합니다.
# Without WebGPU, after "…WebGPU가 필요합니다…": `link`, a link to the CPU chapter (chapter-cpu-version).
chapter-cpu-instead = { $link }은 어느 브라우저에서나 동작합니다.
chapter-cpu-version = CPU 버전
chapter-counted-again = { $said } 이미지를 다시 셌습니다.
chapter-now-cpu = { $said } 이제 이 페이지는 CPU 방법으로 셉니다. 결과는 똑같이 정확합니다.
# `lacks`: what this GPU lacks for the page's kernel, a sentence from the core
# (in English); `method`: the kernel counted with instead (step-label-*).
chapter-lacks-instead = { $lacking } 커널에는 이 GPU 장치가 제공하지 않는 기능({ $features })이 필요합니다. 이 커널의 WGSL은 아래에 있으며, 이 이미지는 대신 { $method } 커널로 셉니다.
## Beside the step-through diagram: why no run on this GPU is set beside it.
chapter-draw-failed = 이 GPU에서는 그리기를 실행할 수 없습니다: { $why }
chapter-lacks-unchecked = { $method } 커널에는 이 GPU 장치가 제공하지 않는 기능({ $features })이 필요하므로, 이 GPU에서의 실행 결과는 나란히 보여 주지 않습니다.
# The kernel lab's text: `why`, the core's reason for not running it (in English).
chapter-lab-refused = 이 GPU에서 실행하지 않음: { $why }.
chapter-lab-not-run = 이 GPU에서 실행되지 않았습니다(커널 랩의 메시지를 보세요).
chapter-lab-failed = 이 GPU에서 실행할 수 없습니다: { $why }
chapter-subgroups-failed = 이 GPU에서는 서브그룹의 덧셈 횟수를 셀 수 없습니다: { $why }

## What a count shows beside its histograms (www/chapter-readout.js).
readout-pixels = 픽셀 수
readout-bin-totals = { $channels ->
       *[other] 빈 합계
    }
# A channel's total among four: `channel` r, g, b or l (luminance).
readout-channel-total = { $channel ->
        [r] R
        [g] G
        [b] B
       *[l] L
    } { $total }
readout-equals-pixels = ✓ 픽셀 수와 같음
# The race page's run that lost no count.
readout-lost-nothing = ✓ 이번 실행은 잃은 카운트가 없습니다. 두 호출이 한 빈에서 동시에 만난 적이 없습니다
readout-lost = ✗ { $count ->
       *[other] 카운트 { $shown }개 사라짐
    }
readout-time = 시간
# `time`: how the count was timed (page-time-*), on a page's first count.
readout-time-first = { $time } · 이 페이지의 첫 세기라 커널 컴파일 시간이 포함됨
# The CPU chapter: the article's loop timed beside the site's tally. `verdict`:
# readout-same-bins or readout-different-bins, marked.
readout-simple-beside = 이 이미지, 이 컴퓨터에서 원문의 루프는 { $loop }, 집계 코드는 { $tally } 걸렸습니다(벽시계 시간, performance.now()). 결과: { $verdict }.
readout-same-bins = ✓ 빈이 같음
readout-different-bins = ✗ 빈이 다름

## A count's GPU passes (www/pass-times.js): the table's caption and heads.
passes-on-cpu = 이번 세기는 CPU에서 실행되어 시간을 잴 GPU 패스가 없습니다.
# `passes`: the passes' names, as the core names them.
passes-untimed = 이 카운트의 패스 { $count }개({ $passes })의 시간은 따로 잴 수 없습니다({ $why }). 위의 시간은 제출부터 빈이 돌아오기까지의 벽시계 시간입니다.
passes-caption = 이번 세기의 GPU 패스별 시간으로, 이 GPU에서 타임스탬프 쿼리로 잰 것입니다(브라우저가 반올림할 수 있습니다. Chromium은 WebGPU 개발자 기능을 켜지 않으면 0.1 ms 단위로 반올림합니다).
passes-pass = 패스
passes-does = 하는 일
passes-time = 시간
passes-share = 비율
# A pass shorter than the timestamps tell.
passes-under-step = 타이머 단위 미만

## Figures published for the same step, beside this page's (www/pass-times.js).
# `ours`: yes where this project's H100 figure is meant too; `shape`: as 256×1.
published-other-shape = { $ours ->
        [yes] 이 단계에 대한 원문의 수치와 이 프로젝트가 실제 GPU에서 잰 수치는 { $shape } 설정으로 잰 것입니다. 그 설정을 고르면 여러분의 결과와 나란히 볼 수 있습니다.
       *[no] 이 단계에 대한 원문의 수치는 { $shape } 설정으로 잰 것입니다. 그 설정을 고르면 여러분의 결과와 나란히 볼 수 있습니다.
    }
# A button that counts a picture of the figures' size: `whose`, the article's or
# this project's (after published-ours-size).
published-size-button = { $whose ->
        [article] 원문 크기인 { $size } 이미지로 세기
       *[ours] 같은 크기인 { $size } 이미지로 세기
    }
# `channels`: 1 (luminance) or 4; `read`: the date the article was read.
published-article-caption = 원문에 실린 이 단계의 타이밍({ $size }, { $channels ->
        [1] 휘도
       *[other] 네 채널
    }. 이 컴퓨터가 아니라 원문의 컴퓨터에서 잰 값으로, webgpufundamentals.org에서 { $read }에 확인)과, 같은 크기로 이 페이지가 여기서 센 결과:
published-machine = 컴퓨터
published-ms = ms
# `machine`: the article's name for it (M1 Mac, Intel UHD 630...).
published-article-machine = { $machine } (원문)
published-here = 지금 이 컴퓨터
published-here-loop = 지금 이 컴퓨터 (원문의 루프, Rust)
published-here-software = 지금 이 컴퓨터 (GPU 역할을 하는 CPU 어댑터)
published-article-size = 원문은 이 단계를 { $size } 이미지로 쟀습니다. 같은 크기의 이미지라면 원문의 수치를 여러분의 결과와 나란히 보여 줍니다.
# `where`: measured-on-gpu-where.
published-on-gpu = 실제 GPU에서 이 { $size } 이미지를 세는 데 걸린 시간: { $time } ({ $where }).
published-ours-size = 이 프로젝트는 이 단계를 NVIDIA H100에서 { $size } 이미지로 쟀습니다.

## The race page's other runs and the counts each lost (www/race-runs.js).
race-runs-loss-label = 이 실행에서 빈별로 사라진 카운트
race-runs-run = 실행 { $run }
race-runs-run-loss-label = 실행 { $run }에서 빈별로 사라진 카운트
race-runs-none-lost = 이 이미지에서는 어느 실행도 카운트를 잃지 않았습니다. 이 GPU에서는 같은 빈을 쓰는 호출들이 겹치지 않았습니다. 다시 실행하거나, 모든 호출이 같은 빈에 더하는 단색 이미지로 더 심한 경쟁을 붙여 보세요.
# `most`: the largest loss in one bin.
race-runs-loss-scale = 휘도 빈마다 사라진 카운트를 정확한 히스토그램(CPU의 결과)과 비교해 빨간색으로 나타냈습니다. 로그 스케일이며, 표시된 실행 중 가장 큰 손실(빈 하나에서 { $most }개)까지 그립니다.
race-runs-this-lost = 이 실행은 카운트 { $lost }개를 잃었고, 가장 많이 잃은 곳은 빈 { $bin }입니다.
race-runs-this-lost-none = 이 실행은 잃은 카운트가 없습니다.
# `lost`: race-runs-run-lost, marked.
race-runs-run-caption = 실행 { $run }: { $counted }개 셈, { $lost }
race-runs-run-lost = { $lost }개 잃음

## Methods timed side by side (www/side-by-side.js). `method`, `page`, `other`:
## a method's name as the pages' addresses have it (fragment, atomic), or its
## label (step-label-*) in the table of a page's choices.
beside-heading = 이 이미지에서 나란히 비교
beside-compute-heading = 컴퓨트 버전과 나란히
beside-time-them = 이 이미지로 시간 재기
beside-method = 방법
beside-median = { $rounds }회 실행의 중앙값
beside-runs = 실행 (ms)
beside-timing = 둘 다 측정하는 중…
beside-this-page = { $method } (이 페이지)
beside-compute-twin = { $method } (픽셀당 컴퓨트 호출 하나)
beside-counting-now = { $method } (지금 세는 중)
beside-each-method = 각 방법을 이 이미지에서 번갈아 { $rounds }회씩 실행해 중앙값을 나란히 보여 줍니다.
# `clock`: gpu or wall; `than`: less (the page's method is faster), same, or more;
# `ratio`: how many times, as 2.5.
beside-ratio = { $clock ->
        [gpu] GPU 타임스탬프로
       *[wall] 벽시계 시간으로({ $why })
    } 잰 결과, 이 GPU에서 { $page } 버전은 { $than ->
        [less] { $other } 버전 시간의 { $ratio }분의 1만 걸리며
        [same] { $other } 버전과 거의 같은 시간이 걸리며
       *[more] { $other } 버전보다 { $ratio }배 오래 걸리며
    }, 둘 다 정확합니다.
beside-lost-counts = { $method } 버전이 { $page } 버전과 번갈아 실행되는 동안 카운트를 잃었습니다
beside-failed = 시간을 잴 수 없습니다: { $why }

## The figures the chapters' words give (www/facts.js), in their places there.
# A pass's dispatches, after its call: `pass`, the pass's name as the core names
# it; `workgroups`, `invocations` written, `workgroupCount`, `invocationCount` the numbers.
facts-dispatch = { $pass }: { $invocationCount ->
       *[other] 호출 { $invocations }개
    }짜리 { $workgroupCount ->
       *[other] 워크그룹 { $workgroups }개
    }
# The same, in `dispatches` dispatches, one a band of the picture.
facts-dispatch-bands = { $pass }: { $invocationCount ->
       *[other] 호출 { $invocations }개
    }짜리 { $workgroupCount ->
       *[other] 워크그룹 { $workgroups }개
    }, 디스패치 { $dispatches }번에 나눠서(밴드마다 하나)
facts-chunks-in-bands = { $chunks }(행 밴드 { $bands }개에 나눠, 밴드마다 패스 하나)
facts-chunk-bytes = { $mib } MiB
facts-chunk-bytes-largest = { $mib } MiB(가장 큰 밴드 기준)
# Each band's figures, joined two at a time: `first`, then the `rest`.
facts-steps-and = { $first }, { $rest }
facts-reduce-then = { $first }; 그다음 { $rest }

## The introduction (www/intro.js): the article's 6×7 picture and its three bins.
intro-colour-blue = 파랑
intro-colour-red = 빨강
intro-colour-yellow = 노랑
# A pixel of the picture: `colour`, its name (intro-colour-*).
intro-pixel-label = 픽셀 ({ $x }, { $y }), { $colour }, 휘도 { $luminance }, 빈 { $bin }
# The colours table's labels, where a narrow screen shows its rows as cards.
intro-cell-rgb = R, G, B
intro-cell-luminance = 휘도
intro-cell-bin = 빈 (3개 중)
intro-cell-pixels = 픽셀 수
# A bar of the graph: its name, and the bin it is under it.
intro-bar-between = { $count ->
       *[other] 픽셀:
    }
intro-bar-bin = 빈 { $bin }
# The graph's name: `bins`, each bin's intro-graph-bin, joined by "; ".
intro-graph-label = 히스토그램: { $bins }.
intro-graph-bin = 빈 { $bin }, 픽셀 { $count }개
# `counts`: the three counts, as 18, 16, 8.
intro-graph-caption = { $counts }: 다음 장의 CPU 방법으로 픽셀 { $pixels }개를 빈 3개에 센 결과입니다.
# `rgb`: the colour's values, as 34, 51, 255; `others`: the other pixels in its bin.
intro-pixel-now = 픽셀 ({ $x }, { $y }): { $colour }, { $rgb }. 휘도가 { $luminance }이므로 빈 { $bin }에 세어지며, 같은 빈에 다른 픽셀이 { $others }개 있습니다.
intro-bin-now = 빈 { $bin }에는 픽셀 { $pixels }개 중 { $count }개가 들어 있으며, 이미지에 윤곽선으로 표시됩니다.
