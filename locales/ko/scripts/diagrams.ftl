# The chapters' diagrams: the drawing of what each kernel does (www/diagram.js), and
# the step-through diagram, its stage, code pane and narration (www/step-diagram.js,
# diagram-stage.js, diagram-code.js, diagram-words.js). Kernel, function and WGSL
# names (atomicAdd, subgroupBallot, channelMult, chunks.wgsl) stay as they are.
# $who, $memory, $value and the like end in figures: the sentences put only
# invariant particles (에, 에서, 의, 만큼) or a colon after them.

## The drawing of each kernel: its caption, by method

diagram-caption-cpu = 루프 하나가 픽셀을 차례로 읽으며 각 픽셀의 빈에 1을 더합니다.
diagram-caption-single = GPU 호출 하나가 루프를 실행합니다. 정확하지만, GPU의 수천 개 스레드 중 하나만 씁니다.
diagram-caption-race = 픽셀마다 호출 하나가 한꺼번에 실행됩니다. 두 호출이 같은 빈을 함께 읽으면 둘 다 이전 값에 1을 더한 값을 쓰므로 카운트 하나가 사라집니다.
diagram-caption-atomic = 같은 방식이지만 덧셈마다 atomicAdd를 씁니다. 메모리가 덧셈을 하나씩 처리하므로 사라지는 카운트가 없고, 같은 색의 픽셀들은 줄을 서서 기다립니다.
diagram-caption-chunks-sum = 각 워크그룹이 빠른 워크그룹 메모리에 있는 자기만의 빈에 청크를 센 뒤 밖으로 복사합니다. 이어서 워크그룹 하나가 모든 청크의 빈을 빈별로 더합니다.
diagram-caption-chunks-reduce = 같은 청크를 둘씩, 다시 그 쌍을 둘씩 더합니다. 패스마다 행이 절반으로 줄고, 많은 워크그룹이 계속 일합니다.
diagram-caption-privatized = 워크그룹 몇 개가 각각 이미지 곳곳의 많은 픽셀을 자기 전용 빈에 센 뒤, 원자 연산으로 결과에 한 번 더합니다. 청크 행도, 두 번째 패스도 없습니다.
diagram-caption-packed = 각 호출이 버퍼에서 픽셀 네 개를 한 번에 로드하고, 워크그룹은 빈의 사본을 두어 호출들이 같은 빈에 더하는 일이 드물게 합니다.
diagram-caption-subgroups = 레인 8개짜리 서브그룹 두 개이며, 레인마다 픽셀이 하나씩 있습니다. 첫 번째 서브그룹은 하늘에 있습니다. 모든 레인이 첫 번째 레인과 같은 색이라고 투표가 확인하면, 첫 번째 레인이 그 색의 각 빈에 8을 한 번에 더합니다. 두 번째 서브그룹은 풀밭에 있습니다. 투표가 실패하므로 사유화 커널처럼 각 레인이 자기 빈에 1을 더합니다.
diagram-caption-gpu-draw = 빈은 GPU에 머뭅니다. 스케일 패스가 채널마다 가장 꽉 찬 빈을 찾아 채널당 스케일 하나를 쓰고, 이어서 캔버스의 픽셀마다 한 번씩 실행되는 프래그먼트 셰이더가 자기 열의 빈을 읽어 스케일을 곱한 뒤, 픽셀이 그 높이 아래에 있으면 색을 칠합니다.
diagram-caption-fragment = 이미지를 덮는 삼각형 하나: 래스터라이저가 만든 각 프래그먼트가 컴퓨트 호출처럼 자기 픽셀을 읽고 atomicAdd를 수행합니다.
# A four-channel chapter's caption: the method's, then a sentence more.
diagram-caption-four-channels = { $caption } 채널이 네 개이면 픽셀마다 R, G, B, 휘도의 빈 네 개에 더합니다.
diagram-scrolls = 다이어그램(좁은 화면에서는 가로로 스크롤됩니다)

## The drawing's labels

diagram-label-every-pixel-loop = 루프 하나가 읽는 모든 픽셀
diagram-label-bins-ordinary = 일반 메모리의 빈
diagram-label-invocations-one = GPU의 호출들: 일하는 것은 하나
diagram-label-every-pixel-one = 그 하나가 읽는 모든 픽셀
diagram-label-bins-storage = 스토리지 메모리의 빈
diagram-label-bins-atomic = 스토리지 메모리의 원자적 빈
diagram-label-invocation-a-pixel = 픽셀마다 호출 하나
diagram-label-race-note = 동시에 3번 더함: 1번만 셈
diagram-label-atomic-note = atomicAdd: 3번 더함, 3번 셈
diagram-label-two-workgroups = 워크그룹 두 개, 차례로
diagram-label-workgroup-bins = 워크그룹 { $workgroup }의 빈
diagram-label-atomic-once = 빈마다 atomicAdd 한 번
diagram-label-four-pixels = 로드 한 번에 픽셀 네 개
diagram-label-copy-first = 빈의 사본 1
diagram-label-copy-second = 사본 2
diagram-label-result = 결과
diagram-label-subgroup-sky = 하늘의 서브그룹
diagram-label-subgroup-grass = 풀밭의 서브그룹
diagram-label-alike-yes = 모두 같음: 예
diagram-label-alike-no = 모두 같음: 아니요
diagram-label-leader-adds = 리더: 8을 더하는 atomicAdd 한 번
diagram-label-lanes-add = 레인 8개: 1을 더하는 atomicAdd { $adds }번
# Part 2's drawing: the scale pass (scale and tallest are its WGSL's names) and the draw.
diagram-label-counted-bins = 센 빈 (스토리지)
diagram-label-scale-formula = scale = 1 / tallest
diagram-label-one-a-channel = 채널마다 하나
diagram-label-after-scale = 스케일 패스 다음
diagram-label-scale = 스케일
diagram-label-draw = 그리기
diagram-label-canvas = 프래그먼트가 그리는 캔버스
diagram-label-fragment-a-pixel = 픽셀마다 프래그먼트 하나
diagram-label-workgroup-a-chunk = 청크마다 워크그룹 하나
diagram-label-chunk-bins = 청크별 빈
diagram-label-pairs-added = 둘씩 더함
diagram-label-one-adds-all = 워크그룹 하나가 모두 더함

## The step-through diagram's words: where a value lives, who does what

diagram-bin = 빈 { $bin }
# A bin of one channel; the channel is its letter, R, G, B or L.
diagram-channel-bin = { $channel } 빈 { $bin }
diagram-memory-scale = 채널별 스케일
diagram-memory-tallest = 가장 높은 빈 (result.tallest)
diagram-memory-local = 워크그룹의 { $bin }
# The packed kernel's copies of each bin in workgroup memory.
diagram-memory-copy = 워크그룹의 빈 { $bin }, 사본 { $copy }
diagram-memory-channel-copy = 워크그룹의 { $channel } 빈 { $bin }, 사본 { $copy }
diagram-memory-chunk = 청크 { $chunk }의 { $bin }
diagram-function-reduce = 서브그룹 리듀스 함수
diagram-function-unknown = 서브그룹 함수
diagram-who-single = 유일한 호출
diagram-who-scale = 스케일 패스의 유일한 호출
diagram-who-fragment = 프래그먼트 ({ $x }, { $y })
diagram-who-lane = 서브그룹 { $subgroup }의 레인 { $lane }
diagram-who-invocation = 워크그룹 { $workgroup }, 호출 { $invocation }
diagram-who-local = 워크그룹 ({ $x }, { $y }), 로컬 ({ $localX }, { $localY })

## A step in a sentence: $who is an invocation (diagram-who-*), $memory where a value lives

diagram-step-none = 재생을 누르거나, 명령을 하나씩 넘겨 가며 살펴보세요.
# Before the first instruction, while playing.
diagram-step-starting = 첫 명령부터 재생하고 있습니다.
# $kernel is the kernel's name (chunks, sum, reduce...).
diagram-step-start = { $kernel } 패스의 워크그룹 ({ $x }, { $y }) 시작: { $count ->
       *[other] 호출 { $size }개가 실행을 시작합니다
    }.
diagram-step-start-lanes = { $kernel } 패스의 워크그룹 ({ $x }, { $y }) 시작: 호출 { $size }개가 레인 { $lanes }개짜리 서브그룹으로 나뉘어 실행을 시작합니다.
diagram-step-start-fragment = 프래그먼트 ({ $x }, { $y }) 시작: 래스터라이저가 픽셀 ({ $x }, { $y })의 중심에 만든 프래그먼트입니다.
diagram-step-start-scale = 스케일 패스 시작: 호출 하나짜리 워크그룹 하나가 모든 빈을 훑습니다.
diagram-step-start-canvas = 프래그먼트 ({ $x }, { $y }) 시작: 래스터라이저가 캔버스 픽셀 ({ $x }, { $y })의 중심에 만든 프래그먼트로, 이 자리에서 쿼드의 텍스처 좌표는 ({ $u }, { $v })입니다.
# $colour: red, green, blue, as numbers.
diagram-step-pixel = { $who }: 픽셀 ({ $x }, { $y })의 색을 읽습니다: { $colour }.
diagram-step-pixels = { $who }: 픽셀 ({ $x }, { $y })부터 픽셀 { $pixels }개를 vec4u 하나로 로드합니다. 픽셀마다 RGBA8 u32 하나이며, 첫 픽셀의 색은 { $colour }입니다.
diagram-step-load = { $who }: { $memory }에서 값을 로드합니다: { $value }.
# $scale and $heights: a channel's letter and its number, for each channel.
diagram-step-fetch = { $who }: 채널별 스케일({ $scale })을 로드해 자기 빈의 카운트에 곱합니다. 막대 높이는 { $heights }이며, 1이 캔버스의 맨 위입니다.
diagram-step-put-scale = { $who }: 채널마다 스케일 max(1 / tallest, 0.2 × numBins / numEntries)를 저장합니다: { $scale }. 가장 높은 막대가 평균 빈의 다섯 배를 넘지 않으면 맨 위에 닿습니다.
diagram-step-put-tallest = { $who }: 스튜디오의 로그 스케일에 쓰도록 가장 높은 빈({ $tallest })도 저장합니다.
# $bars: diagram-bars-above; $shown: the channels' letters; $colour: rgb(r, g, b) or diagram-transparent.
diagram-step-colour = { $who }: 각 막대의 높이를 자기 높이와 비교합니다. { $bars }. channelMult가 { $shown } 채널을 남기므로 마스크는 { $mask }이고, 16가지 색 중 { $mask }번 색을 자기 픽셀에 씁니다: { $colour }.
# $bars: the channels' letters, $count of them.
diagram-bars-above = { $count ->
        [0] 자기 높이 { $height }보다 높은 막대가 없습니다
        [one] { $bars } 막대가 자기 높이 { $height }보다 높습니다
       *[other] { $bars } 막대가 자기 높이 { $height }보다 높습니다
    }
diagram-transparent = 투명
diagram-step-peek = { $who }: atomicLoad로 { $memory }의 값을 읽습니다: { $value }.
diagram-step-store = { $who }: { $memory }에 저장합니다: { $value }.
diagram-step-store-lost = { $who }: { $memory }에 저장합니다: { $value }. 이 호출이 로드한 뒤(로드한 값: { $loaded }) 다른 호출이 그곳에 저장해 둔 값({ $other })을 덮어쓰므로, { $count ->
       *[other] 카운트 { $lost }개가
    } 사라집니다.
diagram-step-store-back = { $who }: { $memory }에 저장합니다: { $value }. 그곳에 있던 값({ $other })을 덮어쓰므로, 앞서 사라졌던 카운트가 되살아납니다.
diagram-step-hold = { $who }: { $memory }에 atomicAdd를 시작합니다. 빈을 붙잡고 있으므로, 이 빈을 원하는 다른 호출은 기다립니다.
diagram-step-wait = { $who }: 기다립니다. { $memory }에 다른 호출의 atomicAdd가 진행 중입니다.
diagram-step-add = { $who }: { $by }만큼 더합니다. 이제 { $memory }의 값은 { $value }이며, 붙잡고 있던 빈을 놓습니다.
# $function: a subgroup function's WGSL name, or diagram-function-*.
diagram-step-vote = { $who }: { $function }에 도달했습니다. 서브그룹의 레인들은 이 함수를 함께 실행하므로, 서브그룹 { $subgroup }의 나머지 레인을 기다립니다.
diagram-step-voted-pixels = 서브그룹 { $subgroup }의 레인들이 { $function }을(를) 함께 실행합니다: 레인 { $size }개 중 { $lanes }개에 픽셀이 있습니다.
diagram-step-voted-active = 서브그룹 { $subgroup }의 레인들이 { $function }을(를) 함께 실행합니다: 레인 { $size }개 중 { $lanes }개가 활성 상태이며, 그중 번호가 가장 낮은 레인이 리더입니다.
diagram-step-voted-first = 서브그룹 { $subgroup }의 레인들이 { $function }을(를) 함께 실행합니다: 이제 모든 레인이 첫 번째 레인의 색({ $colour })을 갖습니다.
diagram-step-voted-value = 서브그룹 { $subgroup }의 레인들이 { $function }을(를) 함께 실행합니다: 모든 레인이 같은 값을 받습니다: { $value }.
diagram-step-voted-apart = 서브그룹 { $subgroup }의 레인들이 { $function }을(를) 함께 실행합니다: 픽셀이 있는 레인이 모두 레인 0과 같은 색은 아니므로, 레인 { $lanes }개가 사유화 커널처럼 각자 자기 픽셀의 각 빈에 1을 더합니다.
diagram-step-voted-none = 서브그룹 { $subgroup }의 레인들이 { $function }을(를) 함께 실행합니다: 픽셀이 있는 레인이 없으므로 아무것도 더하지 않습니다.
diagram-step-voted-alike = 서브그룹 { $subgroup }의 레인들이 { $function }을(를) 함께 실행합니다: 픽셀이 있는 모든 레인이 레인 0과 같은 색이므로, 리더인 레인 0이 레인 { $lanes }개 모두를 대신해 자기 빈마다 { $lanes }만큼 한 번씩 더합니다.
diagram-step-barrier = { $who }: workgroupBarrier()에 도달해 워크그룹의 나머지 호출을 기다립니다.
diagram-step-released = 워크그룹 ({ $x }, { $y })의 마지막 호출이 배리어에 도달했습니다. 모든 호출이 계속 진행합니다.
diagram-step-return = { $who }: 이미지 밖에 있으므로 반환합니다.
diagram-step-return-unpaired = { $who }: 이번 단계의 스트라이드 { $stride }에서는 청크 { $chunk }에 짝이 없습니다. 반환하며, 이 청크는 나중 단계에서 더해집니다.
diagram-step-done = { $who }: 끝났습니다.
# A line that computes: $line its number, $does what it does (diagram-does-*).
diagram-step-line = { $who }, 줄 { $line }: { $does }.
diagram-step-line-idle = { $who }, 줄 { $line }: { $does }(픽셀이 없으므로 색은 검정이고, 아무것도 더하지 않습니다).

## What a kernel's line does, said of the invocation on it

diagram-does-position-global = 전역 ID를 자기 픽셀의 위치로 삼습니다
diagram-does-position-fragment = 프래그먼트의 위치, 즉 픽셀의 중심을 내림해 자기 픽셀을 구합니다
diagram-does-inside-picture = 자기 위치가 이미지 안인지 확인합니다: 이미지 안에 있습니다
diagram-does-position-chunk = 자기 픽셀을 구합니다: 청크의 모서리에 로컬 ID를 더한 위치
diagram-does-next-row = 다음 행으로 넘어갑니다
diagram-does-next-pixel = 행의 다음 픽셀로 넘어갑니다
diagram-does-next-channel = 픽셀의 다음 채널로 넘어갑니다
diagram-does-chunk-index = 워크그룹 ID로 자기 청크의 인덱스를 구합니다
diagram-does-next-bin-copied = 복사할 다음 빈을 정합니다: 로컬 인덱스부터 청크 크기 간격으로
diagram-does-bin-global = 전역 ID를 자기가 합산할 빈으로 삼습니다
diagram-does-next-eight-chunks = 다음 청크 여덟 개로 넘어갑니다
diagram-does-next-chunk = 다음 청크로 넘어갑니다
diagram-does-add-partials = 부분합 여덟 개를 더합니다
diagram-does-pair = 자기 쌍을 구합니다: chunk0 = pair × stride × 2, chunk1 = chunk0 + stride
diagram-does-second-chunk = 쌍에 두 번째 청크가 있는지 확인합니다: 있습니다
diagram-does-next-bin-added = 더할 다음 빈을 정합니다
diagram-does-next-round = 루프를 한 바퀴 시작합니다: 워크그룹의 다음 픽셀 256개, 레인마다 하나
diagram-does-has-pixel = 이번 바퀴에 자기 픽셀이 있는지 확인합니다
diagram-does-colour-bin = 이 채널에서 자기 색의 빈을 구합니다
diagram-does-leader = 자기가 서브그룹의 리더인지, 즉 브로드캐스트가 전한 색을 가진 첫 번째 활성 레인인지 확인합니다(여기처럼 모든 레인이 활성 상태이면 레인 0)
diagram-does-agreed = 서브그룹이 합의했습니다: 리더가 모든 레인을 대신해 더하고, 나머지는 더하지 않습니다
diagram-does-disagreed = 서브그룹이 합의하지 못했습니다: 픽셀이 있는 레인은 자기 몫으로 1을 더합니다
diagram-does-next-bin-out = 내보낼 다음 빈을 정합니다: 로컬 인덱스부터 256 간격으로
diagram-does-not-empty = 결과에 더하기 전에 빈이 비어 있지 않은지 확인합니다
diagram-does-tallest-start = 각 채널의 tallest를 1에서 시작합니다. 그래야 빈 히스토그램도 0이 아니라 1로 나눕니다
diagram-does-next-bin = 다음 빈으로 넘어갑니다
diagram-does-next-bin-channel = 빈의 다음 채널로 넘어갑니다
diagram-does-tallest-max = 지금까지 채널의 tallest와 이 카운트 중 큰 값을 남깁니다
diagram-does-column-bin = 자기 열이 나타내는 빈을 구합니다: 텍스처 좌표의 x에 빈 개수를 곱해 내림
diagram-does-counts-start = 자기 빈의 카운트가 시작하는 위치를 구합니다: bin × channels
diagram-does-four-channels = 채널이 네 개이므로 빈의 나머지 카운트 세 개도 로드합니다
diagram-does-other = 이 줄을 실행합니다

## The step-through diagram's stage

diagram-slot-no-workgroup = 워크그룹 없음
diagram-slot-no-fragment = 프래그먼트 없음
diagram-slot-one = 유일한 워크그룹
diagram-slot-fragment = 프래그먼트 ({ $x }, { $y })
diagram-slot-workgroup = 워크그룹 { $workgroup }
diagram-slot-workgroup-xy = 워크그룹 ({ $x }, { $y })
# An invocation's local id, short ("lid": local_invocation_id).
diagram-local-id = lid { $x }
diagram-local-id-xy = lid { $x },{ $y }
# Where a value lives, short (b: a bin, c: a chunk); the packed kernel's copy of a bin.
diagram-short-bin = b{ $bin }
diagram-short-chunk = c{ $chunk }·{ $bin }
diagram-short-copy = b{ $bin }·{ $copy }
# What an invocation is doing, on its badge; its first letter stands for it where the badge is a dot
# (대, 배, 점, 반, 완: each different).
diagram-badge-waiting = 대기
diagram-badge-barrier = 배리어
diagram-badge-holding = 점유
diagram-badge-returned = 반환
diagram-badge-done = 완료
# Before the dots' legend ("● 대: 대기 · ● 배: 배리어").
diagram-dots = 점 안의 글자:{ " " }
diagram-workgroup-memory = 워크그룹 메모리에 있는 빈
diagram-workgroup-memory-short = 워크그룹 메모리
diagram-picture = 이미지, { $width }×{ $height }
diagram-picture-counted = 센 이미지, { $width }×{ $height }
diagram-storage-bins = 빈 (스토리지)
diagram-storage-chunks = 청크 { $chunks }개 (스토리지), 청크마다 열 하나
diagram-canvas = 캔버스, { $width }×{ $height }
# A subgroup's label, short, and what its lanes' functions answered (wrapped after the colon where narrow).
diagram-subgroup-short = sg { $subgroup }
diagram-vote-pixels = 픽셀 있는 레인 { $lanes }개
diagram-vote-pixels-sent = 픽셀 있는 레인 { $lanes }개; 색 전달됨
diagram-vote-apart = 다름: 레인 { $lanes }개가 각자 더함
diagram-vote-alike = 모두 같음: 레인 0이 { $lanes }만큼 더함
diagram-vote-none = 픽셀 없음: 아무도 더하지 않음
diagram-code-invocations = 호출 { $invocations }개

## The step-through diagram's player: its code pane, its pass, where it is, its controls

# $kernel: the kernel's name; its file is <name>.wgsl.
diagram-code-title = { $kernel }.wgsl, { $stage ->
        [fragment] 프래그먼트 셰이더
       *[compute] 진입점
    }
diagram-code-title-edited = 여러분의 { $kernel }.wgsl (커널 랩의 코드), 진입점
# The code pane's title, and how many of the lines invocations are on it cannot show.
diagram-code-more = { $title } (강조된 줄 더 있음: { $where ->
        [above] 위에 { $above }개
        [below] 아래에 { $below }개
       *[both] 위에 { $above }개, 아래에 { $below }개
    })
diagram-code-label = 커널 (호출마다 실행 중인 줄 표시)
# The pass played: $work is diagram-pass-fragment, -draw, -workgroups, -subgroups, or -idle(-lanes) around one of them.
diagram-pass = 패스 { $pass }/{ $passes }: { $kernel }, { $work }.
diagram-pass-stride = 패스 { $pass }/{ $passes }: { $kernel }, 스트라이드 { $stride }, { $work }.
diagram-pass-fragment = 뷰포트를 덮는 삼각형: 프래그먼트 { $fragments }개, 픽셀마다 하나, 각각 프래그먼트 셰이더의 호출 하나
diagram-pass-draw = { $width }×{ $height } 캔버스를 덮는 쿼드: 프래그먼트 { $fragments }개, 픽셀마다 하나, 각각 프래그먼트 셰이더의 호출 하나(GPU는 여러 개를 한꺼번에 실행하지만, 여기서는 하나씩 재생합니다)
diagram-pass-workgroups = { $sizeCount ->
       *[other] 호출 { $size }개
    }짜리 { $groupCount ->
       *[other] 워크그룹 { $groups }개
    }
diagram-pass-subgroups = { $sizeCount ->
       *[other] 호출 { $size }개
    }짜리 { $groupCount ->
       *[other] 워크그룹 { $groups }개
    }, 레인 { $lanes }개짜리 서브그룹으로 나뉨
diagram-pass-idle = { $work }; { $size }개마다 { $idle }개는 픽셀을 읽지 않고 빈에 더하지도 않으므로, { $drawn }개만 그립니다
diagram-pass-idle-lanes = { $work }; { $all }개 중 { $idle }개는 픽셀도, 내보낼 빈도 없는 서브그룹에 속합니다. 투표는 하지만 아무것도 더하지 않으며, 다이어그램에는 그리지 않습니다
# Where the player is, then what that instruction did (diagram-step-*).
diagram-now = 명령 { $at }/{ $steps }. { $step }
# $counts: the bins' counts.
diagram-stage-kernel = { $width }×{ $height } 이미지에서 실행한 { $method } 커널, 명령 { $at }/{ $steps } 이후: 빈 { $counts }.
diagram-stage-draw = { $width }×{ $height } 이미지의 빈에 대한 스케일 패스와 그리기 패스, 명령 { $at }/{ $steps } 이후: 캔버스 픽셀 { $pixels }개 중 { $drawn }개 그림.
diagram-scrub-at = 명령 { $at }/{ $steps }
diagram-play = 재생
diagram-pause = 일시 정지
diagram-play-again = 다시 재생
diagram-rewind = 처음으로 되감기
diagram-back = 한 명령 뒤로
diagram-forward = 한 명령 앞으로
diagram-end = 끝으로
diagram-speed = 속도
diagram-scrub = 명령
diagram-controls = 다이어그램 컨트롤
diagram-own = 이 단계의 커널로 돌아가기
diagram-slots = 동시에 실행할 워크그룹
diagram-slots-short = 동시 실행
diagram-lanes = 서브그룹당 레인
diagram-seed = 시드
diagram-seed-label = 실행 순서의 시드
diagram-again = 다른 실행 순서
# The channels channelMult lets the canvas show, and its value.
diagram-shown = channelMult: 캔버스가 보여 주는 채널
diagram-shown-rgb = R, G, B: (1, 1, 1, 0)
diagram-shown-luminance = 휘도: (0, 0, 0, 1)
diagram-shown-all = 네 채널 모두: (1, 1, 1, 1)

## The simulation set beside this GPU's run

# Two sentences, one after the other.
diagram-sentences = { $first } { $second }
# $counts: the bins' counts.
diagram-result = 시뮬레이션, { $width }×{ $height } 이미지, 빈 { $bins }개: { $counts }.
diagram-result-draw = 시뮬레이션: { $width }×{ $height } 이미지의 빈({ $counts })에 스케일 패스를 실행한 뒤, { $shown } 채널을 보여 주는 { $canvasWidth }×{ $canvasHeight } 캔버스에 그렸습니다. 픽셀 { $pixels }개 중 { $coloured }개에 색을 칠했습니다.
# $verdict: diagram-verdict-*, set apart in its colour.
diagram-result-gpu = 이 GPU에서 실행한 { $method } 커널(같은 { $same ->
        [lanes] 이미지와 빈
        [fragments] 이미지, 빈, 프래그먼트
        [chunks] 이미지, 빈, 청크
       *[workgroups] 이미지, 빈, 워크그룹
    }): { $counts } { $verdict }
diagram-result-gpu-edited = 이 GPU에서 실행한 여러분의 커널(같은 { $same ->
        [lanes] 이미지와 빈
        [fragments] 이미지, 빈, 프래그먼트
        [chunks] 이미지, 빈, 청크
       *[workgroups] 이미지, 빈, 워크그룹
    }): { $counts } { $verdict }
diagram-result-draw-gpu = 이 GPU에서 같은 빈과 캔버스로 실행한 스케일 패스와 그리기 패스: 픽셀 { $pixels }개 중 { $same }개가 같음 { $verdict }.
diagram-verdict-equal = ✓{ "\u00A0" }같음
diagram-verdict-differ = ✗{ "\u00A0" }다름
diagram-verdict-pixels-differ = ✗{ "\u00A0" }{ $pixels }개 다름
diagram-verdict-race-same = (같음: 이번에는 GPU의 실행 순서가 시뮬레이션과 같은 카운트를 잃었거나, 둘 다 잃지 않았습니다).
diagram-verdict-race-own = (실행 순서가 다름: GPU에서는 하드웨어의 타이밍에 따라 잃는 카운트가 정해집니다).
diagram-tally-gpu = 이 GPU에서 커널은 레인 { $lanes }개짜리 서브그룹으로 실행되었고, 워크그룹 메모리에 atomicAdd를 { $adds }번 했습니다.
# $played: the subgroup sizes the simulator plays.
diagram-tally-unplayed = 시뮬레이터는 레인 { $played }개짜리 서브그룹만 재생하며, { $lanes }개짜리는 재생하지 않습니다.
diagram-tally-choose = 시뮬레이션을 나란히 보려면 레인 { $lanes }개를 고르세요.
diagram-tally-simulated = 레인 { $lanes }개짜리 서브그룹 시뮬레이션의 atomicAdd 횟수: { $adds } { $verdict }.
# The race: what its interleaving lost; $losses is a list of diagram-loss.
diagram-losses-none = 시드 { $seed }에서는 두 호출이 한 빈에서 겹친 적이 없어, 잃은 카운트가 없습니다. 다른 실행 순서로 해 보세요.
diagram-losses-none-alone = 시드 { $seed }로 워크그룹을 한 번에 하나씩 실행하니 두 호출이 한 빈에서 겹친 적이 없어, 잃은 카운트가 없습니다. 하나씩 실행하면 결코 겹칠 수 없습니다.
diagram-losses = 시드 { $seed }의 이 실행 순서에서는 { $count ->
       *[other] 카운트 { $pixels }개 중 { $lost }개를
    } 잃었습니다: { $losses }.
diagram-loss = { $who }: { $bin }에서 로드 { $loaded } → 저장 { $stored }, 그 전에 다른 호출이 저장한 값 { $other } ({ $lost }개 잃음)
