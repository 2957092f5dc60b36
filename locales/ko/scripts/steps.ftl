# The steps (src/gpu/steps/) as the chapters and the timings page name them, and
# what each pass does. Ids by the core's names.

## What the method choices, the times side by side and the timings table's
## columns call a step ("(자체)": a kernel past the article).
step-label-single = 단일 호출
step-label-race = 경쟁 조건
step-label-atomic = 픽셀/워크그룹
step-label-fragment = 프래그먼트
step-label-chunks-sum = 청크 + 합산
step-label-chunks-reduce = 청크 + 리듀스
step-label-privatized = 사유화 (자체)
step-label-packed = 패킹 (자체)
step-label-deep = 고심도: 16비트 (자체)
step-label-subgroups = 서브그룹 (자체)

## What a pass does, beside its time in a chapter's table of passes: a short
## phrase, no full stop.
pass-does-single = 호출 하나가 모든 픽셀을 순회
pass-does-race = 픽셀마다 호출 하나, 평범한 덧셈
pass-does-atomic = 픽셀마다 호출 하나, atomicAdd
pass-does-fragment = 픽셀마다 프래그먼트 하나
pass-does-chunks = 워크그룹마다 자기 청크를 셈
pass-does-sum = 빈마다 호출 하나가 청크들을 합산
pass-does-reduce = 청크를 둘씩 짝지어 더함
pass-does-privatized = 워크그룹이 전용 빈에 셈
pass-does-packed = 로드 한 번에 픽셀 네 개, 빈은 사본으로
pass-does-deep = 16비트 샘플을 전용 빈에 셈
pass-does-subgroups = 한 색뿐인 서브그룹은 한 번만 더함
# The GPU-drawing chapter's two passes.
pass-does-scale = 가장 높은 빈과 스케일을 구함
pass-does-draw = 프래그먼트 셰이더가 막대를 그림

# The passes the core names by identifiers (www/l10n.js: counterName, drawingName;
# www/pass-times.js: a reduce step's pass, "reduce:4", with its $stride; a draw pass,
# "draw:rgb", by the panel it draws).
pass-name-frame-pass = 프레임 패스
pass-name-kernel = { $method } 커널
pass-name-compose-pass = 합성 패스
pass-name-render-pass = 렌더 패스
pass-name-stride = { $kernel }, 스트라이드 { $stride }
pass-name-draw-rgb = draw: R, G, B
pass-name-draw-luminance = draw: 휘도
