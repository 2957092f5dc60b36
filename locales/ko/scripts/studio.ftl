# The studio and the chapters built on it (equalize, CLAHE, auto-levels, Otsu):
# the page (www/studio.js), its histogram panel, adjustment, region, statistics,
# HDR exposure and the equalize chapter's CPU steps. Its scopes: scopes.ftl.

## The page (www/studio.js)
studio-use-camera = 카메라 사용
studio-play-video = 이 프로젝트의 동영상 재생
studio-try-gpu-again = GPU 다시 시도
studio-decode-times = 이 GPU에서 스캔을 네 단계로 디코딩했습니다: 구간 맞추기 { $sync } ms, 계수 쓰기 { $write } ms, IDCT { $idct } ms, 평면에서 픽셀로 { $planes } ms.
studio-loading = 불러오는 중…
studio-picture-label = 이미지
studio-choose-file = 이미지나 동영상 선택…
studio-drop-hint = 이미지나 동영상을 여기에 끌어다 놓거나 붙여 넣으세요. 이미지 위를 드래그하면 그 영역만 세고, Esc를 누르면 전체를 셉니다. 동영상은 Space나 K로 재생과 일시 정지를 하고, 화살표 키로 한 프레임씩 이동하며, 두 번 클릭해도 재생하거나 일시 정지합니다.
studio-panel-section = 히스토그램 패널
studio-options-section = 옵션
studio-wgsl-adjust = WGSL: 히스토그램으로 테이블 만들기, 다시 매핑하기
studio-wgsl-studio = WGSL: 세기, 패널, 이미지
# The project's own sources, by name (captions, and the stem of exported files).
studio-sunset-name = 노을 (이 프로젝트에서 만듦)
studio-video-name = 이 프로젝트의 동영상
studio-video-unnamed = 동영상
# What a refused video or camera leaves in place.
studio-kept = 이전 이미지나 동영상을 유지합니다.
studio-reading = { $name } 읽는 중…
studio-file-refused = { $error } 이전 이미지를 유지합니다.
studio-draw-failed = 스튜디오가 그리지 못했습니다: { $error }
studio-read-failed = 히스토그램을 읽을 수 없습니다: { $error }
# $counter: what counts, as pass-name-kernel or pass-name-frame-pass word it.
studio-caption-video = { $name }, { $width }×{ $height }, 세는 패스: { $counter }
# $format: how the file was stored ("PNG", "JPEG"...), as the core names it.
studio-caption-picture = { $name }, { $width }×{ $height } ({ $format })
studio-caption-generated = { $name }, { $width }×{ $height }
studio-caption-picture-profile = { $name }, { $width }×{ $height } ({ $format }). 이 브라우저가 파일을 보여 주는 대로 색 프로필({ $profile })을 거쳐 표시하고, 셀 때는 저장된 값 그대로 셉니다
studio-caption-generated-profile = { $name }, { $width }×{ $height }. 이 브라우저가 파일을 보여 주는 대로 색 프로필({ $profile })을 거쳐 표시하고, 셀 때는 저장된 값 그대로 셉니다
# The pixel under the pointer.
studio-pixel-hint = 이미지를 가리키면 픽셀에 저장된 값을 읽을 수 있습니다.
studio-pixel-frame = x { $x }, y { $y }: 이 프레임의 R { $r } · G { $g } · B { $b } (집계된 값, 0~255), 디코딩된 Y′ { $luma }
studio-pixel-frame-rgb = x { $x }, y { $y }: 이 프레임의 R { $r } · G { $g } · B { $b } (집계된 값, 0~255)
studio-pixel-unread = x { $x }, y { $y }: 이 이미지의 샘플은 페이지의 메모리가 아니라 브라우저나 GPU에 있으므로, 여기서는 값을 읽지 않습니다.
studio-pixel-linear = x { $x }, y { $y }: R { $r } · G { $g } · B { $b } · A { $a } (선형 광)
studio-pixel-stored = x { $x }, y { $y }: R { $r } · G { $g } · B { $b } · A { $a } (저장된 값, 0~{ $max })
# Without WebGPU: "(who)에는 WebGPU가 필요합니다: (why)." is the site's; then what works instead.
studio-who-chapter = 이 페이지
studio-who-studio = 스튜디오
studio-cpu-instead = <a>CPU 페이지</a>는 어느 브라우저에서나 이미지를 셉니다.
studio-steps-without-gpu = 아래의 CPU 단계는 GPU 없이도 동작합니다.
# $said: what the site says of the lost device.
studio-device-read-again = { $said } 이미지를 파일에서 다시 읽었습니다.
studio-device-failed = { $said } GPU가 돌아오면 다시 시도해 보세요.

## The histogram panel (www/studio-panel.js)
studio-channel-r = R
studio-channel-g = G
studio-channel-b = B
studio-channel-luminance = 휘도
panel-bins-float = 이 이미지는 부동소수점 샘플을 담고 있습니다. 어떤 빈 개수를 고르든 그 범위를 나눕니다(R, G, B는 0부터 가장 큰 샘플까지, 휘도는 스톱 단위).
panel-bins-deep = 이 이미지는 채널당 { $depth }비트, { $levels }단계입니다. 어떤 빈 개수를 고르든 저장된 비트 심도로 셉니다.
panel-bins-8 = 빈은 최대 256개입니다. 8비트 채널은 256단계이므로, 빈을 더 늘리면 값이 든 빈들 사이에 비어 있는 빈이 생깁니다.
panel-canvas-label = 히스토그램. 포커스를 두고 왼쪽·오른쪽 화살표 키로 빈을 하나씩 읽으세요.
panel-cap-note = 막대 위의 밝은 부분: 패널보다 높은 막대.
panel-readout-hint = 히스토그램 위에 마우스를 올리거나, 포커스를 두고 화살표 키를 쓰면 빈을 읽을 수 있습니다.
panel-pin = 이 히스토그램 고정
panel-unpin = 고정 해제
panel-legend = 패널
panel-overlaid = 겹쳐 보기
panel-parade = 퍼레이드
panel-linear = 선형
panel-log = 로그
panel-cumulative = 누적
panel-bins = 빈
panel-clipping = 클리핑 경고
# The bin read: which it is and what it holds (a picture's stored levels, or an
# HDR picture's values: R, G, B linear, luminance in stops).
panel-bin = 빈 { $bin }/{ $bins }
panel-bin-hdr = 빈 { $bin }/{ $bins }, R, G, B { $low }~{ $high }, 휘도 { $stopsLow }~{ $stopsHigh } 스톱
# An HDR picture's panel, named with its scale: `channels`, studio-channel-* joined; `high`, `low`: values.
panel-name-hdr-linear = { $channels }, 선형 0~{ $high }
panel-name-hdr-stops = { $channels }, { $low }~{ $high } 스톱
panel-name-hdr-stops-short = { $channels }, 스톱
panel-bin-empty = 빈 { $bin }/{ $bins }: 해당하는 단계 없음
panel-bin-level = 빈 { $bin }/{ $bins }: 단계 { $level } (최대 { $max })
panel-bin-levels = 빈 { $bin }/{ $bins }: 단계 { $low }~{ $high } (최대 { $max })
# $bin: panel-bin's words; $counts: each channel's panel-readout-channel, joined by " · ".
# $half: which half of the panel, where an adjustment splits it.
panel-readout = { $half ->
        [before] 보정 전: { $bin }: { $counts }
        [after] 보정 후: { $bin }: { $counts }
       *[none] { $bin }: { $counts }
    }
panel-readout-channel = { $channel } { $count } ({ $share }%, 여기까지 누적 { $below }%)
# The clipping triangles: $shares, each channel's panel-clip-share, joined by ", ".
panel-clip-shadows = 섀도 클리핑(0): { $shares }
    .aria-label = 섀도 클리핑(0): 픽셀의 { $shares }. 이미지에 클리핑 경고를 표시합니다.
panel-clip-highlights = 하이라이트 클리핑({ $top }): { $shares }
    .aria-label = 하이라이트 클리핑({ $top }): 픽셀의 { $shares }. 이미지에 클리핑 경고를 표시합니다.
panel-clip-share = { $channel } { $share }%

## The adjustment (www/studio-adjust.js); the titles are src/adjust.rs's.
adjust-none = 없음
adjust-title-equalize = 루마 평활화
adjust-title-clahe = CLAHE
adjust-title-auto-levels = 자동 레벨
adjust-title-otsu = Otsu 임계값
adjust-download = 보정한 이미지 다운로드 (PNG)
adjust-curve-label = 이전 단계에서 새 단계로의 매핑
adjust-legend = 이미지 보정
adjust-adjustment = 보정
adjust-tiles = 타일
adjust-clip = 클립 한계
adjust-low = 하위 %
adjust-high = 상위 %
adjust-linked = 채널 연결
adjust-split = 보정 전 | 후
# The halves' names on the panel.
adjust-before = 보정 전
adjust-after = 보정 후
adjust-panel-legend = 왼쪽: 원래 이미지의 히스토그램. 오른쪽: 보정한 이미지의 히스토그램으로, 그리는 동안 GPU에서 셉니다.
adjust-table-equalize = 이전 루마별 새 루마: 누적 히스토그램을 0–255로 스케일한 것.
adjust-table-auto-levels = 채널별로, 이전 단계에 대응하는 새 단계.
adjust-table-clahe = 이전 루마별 새 루마, 타일마다 곡선 하나(타일 { $tiles }개): 각 타일의 히스토그램을 클리핑한 뒤 평활화한 것.
adjust-table-otsu = Otsu 임계값: 빈 { $threshold }보다 높은 루마는 흰색, 나머지는 검정.
adjust-otsu-after = 보정 후: 검정과 흰색뿐이므로 히스토그램은 0과 255의 막대 두 개입니다.
adjust-otsu-after-counted = 보정 후: 검정과 흰색뿐이므로 히스토그램은 0과 255의 막대 두 개입니다. { $blacks ->
       *[other] 검정 픽셀 { $black }개
    }({ $blackShare }%), 흰색 픽셀 { $white }개({ $whiteShare }%).
# The curve's axes.
adjust-old-level = 이전 단계
adjust-new-level = 새 단계
# $field: the empty field's label.
adjust-needs-number = { $field }에 숫자를 입력하세요
adjust-refused = { $error }. 표시된 보정은 그대로 둡니다.
adjust-download-failed = 보정한 이미지를 만들 수 없습니다: { $error }

## The region (www/studio-region.js)
region-count-all = 전체 세기
region-legend = 영역 (픽셀)
region-label-x = X
region-label-y = Y
region-label-width = 너비
region-label-height = 높이
region-field-x = 영역 X
region-field-y = 영역 Y
region-field-width = 영역 너비
region-field-height = 영역 높이
region-refused = { $error }. 세고 있던 영역은 그대로 둡니다.
# $field: the field's label (region-label-*).
region-not-whole = { $field } 값은 { $least } 이상의 정수 픽셀이어야 합니다. 세고 있던 영역은 그대로 둡니다.
region-fitted = 영역 { $x }, { $y }, { $width }×{ $height }: 이미지({ $pictureWidth }×{ $pictureHeight }) 범위를 벗어나서 { $fitX }, { $fitY }, { $fitWidth }×{ $fitHeight } 크기로 맞췄습니다.
region-past = 영역 { $x }+{ $width } × { $y }+{ $height }: 이미지({ $pictureWidth }×{ $pictureHeight }) 범위를 벗어납니다. 네 값이 모두 들어맞으면 영역이 적용되며, Enter를 누르면 이미지에 맞춰 적용합니다.
# $field: the field's label (region-label-x or -y); $value: as typed.
region-outside = { $field } 값 { $value }: 이미지({ $pictureWidth }×{ $pictureHeight }) 범위를 벗어납니다. 세고 있던 영역은 그대로 둡니다.

## The statistics and exports (www/studio-stats.js); rows by src/stats.rs's keys.
stats-row-pixels = 픽셀 수
stats-row-mean = 평균
stats-row-std-dev = 표준편차
stats-row-median = 중앙값
stats-row-mode = 최빈값
stats-row-min = 최솟값
stats-row-max = 최댓값
stats-row-p1 = 1 백분위수
stats-row-p99 = 99 백분위수
stats-row-clipped-low-percent = 첫 빈(0)의 비율
stats-row-clipped-high-percent = 마지막 빈(255)의 비율
stats-row-above-one-percent = 1.0 초과 (SDR 디스플레이는 잘라 냄)
stats-caption = 센 픽셀의 통계
stats-caption-before = 센 픽셀의 통계(보정 전)
stats-caption-hdr = 센 픽셀의 통계(파일의 선형 단위 샘플 기준)
stats-caption-after = 보정한 이미지의 통계(오른쪽에 그려진 이미지 전체)
stats-statistic = 통계
stats-csv = 빈 (CSV)
stats-json = 통계 (JSON)
stats-png = 패널 (PNG)
# Over the statistics in the panel's PNG.
stats-png-heading = { $source } · 센 픽셀 { $pixels }개 · 빈 { $bins }개

## An HDR picture's exposure (www/studio-hdr.js)
hdr-stops = { $stops } 스톱
hdr-as-stored = 저장된 그대로
hdr-legend = HDR 이미지
hdr-exposure = 노출
hdr-exposure-why = 샘플은 선형 광 값이며, 저장된 그대로 셉니다. 이미지는 각 샘플에 2^노출을 곱하고, 디스플레이처럼 1.0에서 잘라 낸 뒤 sRGB로 인코딩해 그립니다. 보정은 그려진 이미지를 대상으로 하며, 스케일이 SDR이면 스코프도 그렇습니다. 스케일이 PQ나 HLG이면 스코프는 같은 빛을 BT.2100 코드로 보고 니트로 읽습니다. 색은 sRGB 원색에서 BT.2020 원색으로 옮기며(벡터스코프는 BT.2020 행렬로 읽습니다), 1.0은 203니트(BT.2408의 기준 백색)이고, 스케일의 최대값 아래로는 잘라 내지 않습니다. 히스토그램은 노출에 따라 바뀌지 않습니다.
hdr-range = 센 범위: R, G, B는 0부터 { $max }까지, 휘도는 { $low }~{ $high } 스톱({ $lowLinear }~{ $highLinear }). 범위 밖: 아래쪽 값 { $below }개, 위쪽 값 { $above }개. NaN이나 무한대 샘플이 있는 픽셀 { $invalid }개. 1.0 초과(SDR 디스플레이가 잘라 내는 부분): 휘도 기준 픽셀 { $aboveOne }개.

## The exposure overlay (www/studio-overlay.js); the bands are src/scope/overlay.rs's.
overlay-legend = 노출 오버레이
overlay-kind = 이미지 위에
overlay-off = 없음
overlay-zebra = 지브라 줄무늬
overlay-false-colour = 폴스 컬러
overlay-zebra-level = 기준 (% 이상)
overlay-why = 보이는 그대로의 각 픽셀 휘도(레벨 0–255, 분할선 오른쪽은 조정된 값)로 그립니다. 지브라는 카메라의 지브라처럼 휘도가 기준 이상인 곳에 줄무늬를 긋고, 폴스 컬러는 노출 구간마다 그 색을 칠하고 나머지는 회색으로 보여 줍니다.
overlay-zebra-marked = 줄무늬: 센 픽셀의 { $share }% (휘도 레벨 { $level } 이상, 255의 { $percent }%).
overlay-counted = 구간마다 센 픽셀 중 비율(히스토그램에서 구함).
overlay-band-range = 레벨 { $fromLevel }–{ $toLevel } ({ $from }–{ $to }%)
overlay-band-share = { $share }%
overlay-band-crushed = 뭉개진 검정
overlay-band-near-black = 검정 바로 위
overlay-band-middle-grey = 중간 회색(18% 카드)
overlay-band-one-stop-over = 중간 회색보다 1스톱 위
overlay-band-near-white = 흰색 바로 아래
overlay-band-clipped = 클리핑된 흰색

## The equalize chapter's steps on the CPU (www/studio-steps.js)
steps-picture-label = 이미지
steps-histogram-label = 이미지의 루마 히스토그램과 그로부터 만든 테이블
steps-grey-label = 루마를 회색으로 나타낸 이미지
steps-grey-equalized-label = 평활화한 회색 이미지
steps-colour-label = 평활화한 컬러 이미지
steps-picture = 1. 이미지.
steps-histogram = 2. 루마 히스토그램. 파란 선은 누적 합계로 만든 테이블로, 각 이전 루마에 대응하는 새 루마를 나타냅니다.
steps-grey = 3. 루마를 회색으로 나타낸 것.
steps-grey-equalized = 4. 평활화한 회색: 각 단계를 테이블에서 찾아 바꿨습니다. 히스토그램은 픽셀을 쪼갤 수 없는 한도 안에서 최대한 평평합니다.
steps-colour = 5. 평활화한 컬러: R′, G′, B′를 루마가 움직인 만큼 옮겼습니다. 위에 있는 GPU의 이미지가 바로 이것입니다.
steps-title = CPU에서 한 단계씩
steps-intro = 원문은 평활화를 CPU에서 먼저 설명하며, 컬러보다 회색을 먼저 다룹니다. 여기서는 같은 단계를 명령줄 도구와 같은 Rust 코드로, 이 페이지의 WebAssembly에서 실행합니다. 위의 GPU는 2단계와 5단계를 매 프레임 아무것도 되읽지 않고 수행합니다.
steps-too-large = 단계별 그림은 { $limit }메가픽셀 이하의 이미지에만 그립니다. 이 이미지는 { $megapixels }메가픽셀입니다.
steps-video = 단계별 그림은 이미지에만 그립니다. 동영상은 위의 GPU에서 평활화합니다.
steps-time = 이 CPU에서: 히스토그램, 테이블, 이미지 세 장에 { $ms } ms (픽셀 { $pixels }개).
