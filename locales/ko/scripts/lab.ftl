# The kernel lab under a chapter's kernel (www/kernel-lab.js). Times (`after`,
# `budget`, `first`) are page-ms; counts are written as the language writes numbers.

lab-summary = 이 커널을 고쳐서 실행하기 (커널 랩)
# Three parts of one paragraph, each but the last ending with the space before the next.
lab-about-run = WGSL을 바꿔서 실행해 보세요. 브라우저가 컴파일하고, 이 단계의 바인딩과 디스패치 그대로 위의 이미지에서 실행하며, 빈을 하나하나 CPU가 센 결과와 대조합니다. 시간은 이 GPU에서 이 단계의 커널들과 번갈아 실행해 나란히 잽니다.{" "}
lab-about-guard = 두 버전의 모든 루프에는 가드가 붙습니다. 이 이미지에서 이 단계의 커널 중 가장 오래 도는 루프보다 4배 넘게(그리고 64번 넘게) 도는 루프는 멈추고, 랩이 그 사실을 알려 줍니다. 끝나지 않는 루프가 여러분의 GPU를 붙잡아 둘 수는 없습니다.{" "}
lab-about-stop = 여러분의 커널은 첫 실행을 디스패치 하나씩 진행합니다. 중지를 누르거나, 실행이 이 단계 커널보다 10배(최소 10초) 오래 걸리면 두 디스패치 사이에서 끝냅니다. GPU는 디스패치 도중에 중단할 수 없으므로, 이미지의 밴드 하나는 끝까지 실행된 뒤에 멈출 수도 있습니다.
lab-run = 실행 (Ctrl+Enter)
lab-reset = 되돌리기
lab-copy-link = 링크 복사
lab-step-through = 다이어그램에서 한 단계씩 보기
lab-stop = 중지
lab-link-label = 이 커널의 링크
lab-editor-label = 커널의 WGSL, 편집 가능

## The lab's status line.
lab-loading = 편집기를 불러오는 중…
lab-ready = 커널을 고친 다음 실행을 누르세요.
lab-from-link = 이 커널은 링크에서 왔습니다. 실행을 누르면 컴파일하고 검사합니다.
lab-link-unread = 링크의 커널을 읽을 수 없습니다(주소가 잘렸거나 커널이 아닐 수 있습니다). 이 단계의 원래 커널을 보여 줍니다.
# `why`: the browser's words.
lab-editor-failed = 편집기를 불러올 수 없습니다: { $why }
lab-running = 컴파일하고 실행하는 중…
lab-stopping = 지금 실행 중인 디스패치가 끝나면 멈춥니다…
lab-stopped-before = 시작하기 전에 멈췄습니다. 페이지와 여러분의 코드는 그대로입니다.
lab-lost = 커널을 실행하는 동안 GPU 장치를 잃어, 페이지가 새 장치를 여는 중입니다. 여러분의 코드는 그대로 있으니, 이미지를 다시 센 뒤 실행하세요.
# `why`: the core's or the browser's words (English).
lab-could-not-run = 실행할 수 없습니다: { $why }
lab-stepping = 여러분의 커널이 위의 단계별 다이어그램에서 빈 3개짜리 작은 이미지로 재생됩니다. 그 아래에는, GPU가 실행할 수 있다면 같은 코드를 이 GPU에서 실행한 결과가 나옵니다.
lab-cannot-step = 다이어그램에서 재생할 수 없습니다: { $why }
lab-back = 이 단계의 커널로 돌아가기
lab-link-copied = 링크를 복사했습니다. 링크에 여러분의 코드가 담겨 있으며, 공유하기 전에는 아무것도 이 페이지 밖으로 나가지 않습니다.
lab-link-below = 링크가 아래에 선택되어 있습니다. 복사해서 코드를 공유하세요.
lab-rebased = 페이지 설정이 바뀌어, 각 커널 맨 위에 넣는 상수도 그에 맞게 바뀌었습니다. 나머지 코드는 여러분이 둔 그대로입니다.

## A compiler's message, under the editor: <button> marks the place, a button
## that goes there. `kernel`: the kernel's name; `message`: the browser's words.
lab-message = <button>{ $kernel }.wgsl, 줄 { $line }, 열 { $column }</button>: { $severity ->
        [error] 오류
        [warning] 경고
       *[info] 정보
    }: { $message }

## The verdict.
# `why`: the core's words (English).
lab-refused = 실행하지 않음: { $why }.
lab-does-not-compile = 실행하지 않음: 컴파일되지 않습니다({ $kernel }.wgsl, 줄 { $line }: { $message }).
lab-halted-pressed = 요청대로 { $after } 후에 멈췄습니다. 페이지와 여러분의 코드는 그대로입니다.
lab-halted-budget = 멈춤: 여러분의 커널이 랩의 시간 한도({ $budget }: 여기서 이 단계 커널이 실행된 시간의 10배, 최소 10초)를 넘어 { $after } 후에 멈췄습니다. 페이지와 여러분의 코드는 그대로입니다.
# `bounds`: each kernel's name and its most rounds ("count: 64, reduce: 64").
lab-guard-stopped = 멈춤: 여러분 커널의 루프가 가드가 허용하는 횟수(루프당 { $bounds }회)보다 많이 돌았습니다. 끝나지 않는 루프였다면 GPU를 붙잡아 두었을 것입니다. 페이지와 여러분의 코드는 그대로입니다.
lab-exact = 정확함: 모든 빈이 CPU가 픽셀 { $pixels }개를 센 결과와 같습니다.
# `wrong`: the bins that differ, as written; `count`: the same, as a number.
lab-not-exact-placed = 정확하지 않음: { $count ->
       *[other] 빈 { $wrong }개가
    } CPU가 센 결과와 다릅니다. 여러분의 커널은 { $counted }개를 모두 셌지만, 일부를 잘못된 빈에 넣었습니다.
lab-not-exact-counted = 정확하지 않음: { $count ->
       *[other] 빈 { $wrong }개가
    } CPU가 센 결과와 다릅니다. 여러분의 커널은 { $counted }개를 셌고, CPU는 { $expected }개를 셌습니다.
# `verdict`: one of the above, said first.
lab-not-timed = { $verdict } 시간은 재지 않았습니다. 한 번 실행에 { $first } 걸렸으므로, 이 단계의 커널과 나란히 한 번 더 실행하면 랩의 시간 한도({ $budget })를 넘기 때문입니다.
# `verdict`: one of the above, said first; Stop was pressed after the count came.
lab-stopped-late = { $verdict } 중지는 집계가 끝난 뒤에 눌렸으므로 집계는 그대로입니다. { $timed ->
        [yes] 시간은 중지 전에 끝난 실행들의 것입니다.
       *[no] 시간은 재지 않았습니다.
    }

## The times' table. `runs`: as written; `count`: the same, as a number; `clock`:
## "wall" where the browser gives no GPU timestamps.
lab-times-caption = 시간: 각각 번갈아 { $count ->
       *[other] { $runs }회
    } 실행한 중앙값{ $clock ->
        [wall] {" "}(되읽기를 포함한 벽시계 시간: { $why })
       *[gpu] {""}
    }
lab-pass = 패스
lab-theirs = 이 단계의 커널
lab-yours = 여러분의 커널
lab-all-passes = 모든 패스 (GPU)
lab-whole-run = 전체 실행 (벽시계 시간)

## The bins counted wrong: a figure and a table.
lab-channel = { $name ->
        [red] 빨강
        [green] 초록
        [blue] 파랑
       *[luminance] 휘도
    }
# `channels`: lab-wrong-in-channel for each, joined by "; ".
lab-wrong-label = 여러분의 커널이 잘못 센 빈, 채널별: { $channels }.
lab-wrong-in-channel = { $channel }: { $count ->
       *[other] 빈 { $wrong }개
    } 틀림
# `channels`: their names, joined by ", "; `largest`: the largest difference.
lab-wrong-figure = 채널마다 한 행({ $channels }), 빈마다 한 열: 여러분의 커널이 너무 많이 센 곳은 빨강, 너무 적게 센 곳은 보라이며, 높이는 차이를 로그 스케일로 나타냅니다(가장 큰 차이 { $largest }).
# `part`: "largest" where the table shows only the `shown` largest of the
# `total`; `many`: "no" where one channel is counted (`channel`).
lab-wrong-caption = { $part ->
        [largest] 잘못 센 빈 { $total }개 중 차이가 가장 큰 { $shown }개
       *[all] 잘못 센 빈 { $total }개
    }{ $many ->
        [no] {" "}({ $channel })
       *[yes] {""}
    }
lab-channel-column = 채널
lab-bin = 빈
lab-cpus = CPU의 값
lab-difference = 차이
