# The scopes: the studio's (www/studio-scopes.js) and the scope chapters' pages,
# waveform, parade and vectorscope (www/scope-page.js).

## Shared by both
scope-log = 로그
scope-gain = 게인
scope-png-failed = PNG를 만들 수 없습니다: { $error }
scope-json-failed = JSON을 만들 수 없습니다: { $error }
# The vectorscope's colour-bar targets, as src/scope/plot.rs names them on its graticule.
scope-target-r = R
scope-target-yl = Yl
scope-target-g = G
scope-target-cy = Cy
scope-target-b = B
scope-target-mg = Mg

## The studio's scopes (www/studio-scopes.js)
scope-title-waveform = 웨이브폼
    .aria-label = 센 픽셀의 웨이브폼
scope-title-parade = RGB 퍼레이드
    .aria-label = 센 픽셀의 RGB 퍼레이드
scope-title-vectorscope = 벡터스코프
    .aria-label = 센 픽셀의 벡터스코프
scope-luma = 루마
scope-rgb-overlaid = R, G, B 겹쳐 보기
scope-decoded = 디코딩된 Y′
scope-full-size = 전체 크기
scope-back = 패널로 돌아가기
scope-png = PNG
scope-json = JSON
scope-legend = 스코프
scope-waveform-channels = 웨이브폼
scope-yrgb = 루마를 포함한 퍼레이드 (YRGB)
scope-codes = 눈금
scope-codes-sdr = SDR (%)
scope-codes-pq = PQ (니트)
scope-codes-hlg = HLG (니트)
scope-codes-too-large = 이 HDR 동영상은 페이지가 10비트 코드를 읽는 최대 크기인 { $mb } MB보다 큽니다. 스코프는 브라우저가 만든 8비트 그림을 읽습니다.
scope-codes-other-kind = 페이지는 VP9 또는 AV1의 WebM·MP4 파일에서만 HDR 동영상의 10비트 코드를 읽습니다. 이 동영상은 브라우저가 만든 8비트 그림을 스코프가 읽습니다.
scope-codes-eight-bit = 이 브라우저는 이 HDR 동영상을 8비트 그림으로만 디코딩합니다. 스코프는 10비트 코드가 아니라 그 그림을 읽습니다.
scope-zoom = 벡터스코프 2× 확대
scope-lines = 기준선
scope-lines-unread = “{ $word }”은(는) 레벨(0–255)이나 퍼센트(0%–100%)가 아닙니다. 선은 그대로 둡니다.
# What the waveform's luma is, where Y′ as decoded was asked for.
scope-luma-decoded = 디코딩된 루마의 웨이브폼: 각 픽셀의 Y′ 코드로, 코드 16이 0%, 235가 100%입니다. 이미지의 R′G′B′에서는 잘려 나가는, 검정보다 어두운 값과 흰색보다 밝은 값이 색을 입힌 띠에 나타납니다.
scope-luma-not-planes = 여기서는 이 프레임이 Y′CbCr 플레인으로 오지 않았으므로(브라우저가 RGB로 넘겨줌), 웨이브폼의 루마를 R′G′B′에서 계산합니다.
scope-luma-picture = 디코딩된 루마는 동영상에만 있으니 동영상을 재생해 보세요. 이미지의 루마는 R′G′B′에서 계산합니다.
# $every: how many frames apart a scope is drawn ("2", "3"...).
scope-cadence = 이 브라우저의 WebGPU는 CPU에서 실행됩니다. 동영상이 제 속도를 유지하도록, 각 스코프는 { $every }프레임마다 한 번씩 다시 그립니다.
scope-show-failed = 스코프를 표시할 수 없습니다: { $error }

## A scope chapter's page (www/scope-page.js); $scope is the page's scope.
scope-page-play-video = 동영상 재생
scope-page-use-camera = 카메라 사용
scope-page-time-again = 다시 측정
scope-page-download-png = PNG 다운로드
scope-page-download-json = JSON 다운로드
scope-page-channel-r = R
scope-page-channel-g = G
scope-page-channel-b = B
scope-page-channel-luma = 루마
scope-page-grid = 격자
scope-page-zoom = 2× 확대
scope-page-yrgb = 루마 먼저 (YRGB)
scope-page-channels = 채널:
scope-page-decoded = 동영상의 디코딩된 루마 (Y′, 비디오 레벨)
scope-page-loading = 불러오는 중…
scope-page-picture-label = 이미지
scope-page-drop-hint = 이미지나 동영상을 여기나 페이지의 아무 곳에 끌어다 놓으세요.
scope-page-scope-label = { $scope ->
        [waveform] 이미지의 웨이브폼
        [parade] 이미지의 퍼레이드
       *[vectorscope] 이미지의 벡터스코프
    }
scope-page-choose-file = 이미지나 동영상 선택…
scope-page-wgsl-kernel = 이 커널의 WGSL
scope-page-wgsl-draw = 스코프를 그리는 WGSL
# Under the scope: what its axes and lines are.
scope-page-caption-waveform = x: 이미지의 열 · y: 값, 아래가 0 · 가로선: 10%마다
scope-page-caption-waveform-video = x: 이미지의 열 · y: Y′ 코드, 아래가 0 · 가로선: 비디오 레벨(코드 16–235)의 10%마다
scope-page-caption-parade = R, G, B 웨이브폼을 나란히 · 가로선: 10%마다
scope-page-caption-parade-yrgb = 루마, R, G, B 웨이브폼을 나란히 (YRGB) · 가로선: 10%마다
scope-page-caption-waveform-nits = x: 이미지의 열 · y: 코드, 아래가 0 · 가로선: 그 코드에서 디스플레이가 내는 밝기(니트) · 203: 기준 백색
scope-page-caption-parade-nits = R, G, B 웨이브폼을 나란히 · 가로선: 그 코드에서 디스플레이가 내는 밝기(니트) · 203: 기준 백색
scope-page-caption-parade-yrgb-nits = 루마, R, G, B 웨이브폼을 나란히 (YRGB) · 가로선: 그 코드에서 디스플레이가 내는 밝기(니트) · 203: 기준 백색
scope-page-caption-vectorscope = +Cb 오른쪽, +Cr 위쪽 · 상자: 75%와 100% 컬러 바 · 선: 피부 톤
scope-page-caption-vectorscope-nits = +Cb 오른쪽, +Cr 위쪽(BT.2020 행렬로 읽음) · 상자: BT.2020의 75%와 100% 컬러 바 · 선: 피부 톤
# What the waveform's luma is, where Y′ as decoded was asked for.
scope-page-luma-decoded = 디코딩된 루마: 각 픽셀의 Y′ 코드로, 코드 16이 0%, 235가 100%입니다. 이미지의 R′G′B′에서는 잘려 나가는, 검정보다 어두운 값과 흰색보다 밝은 값이 색을 입힌 띠에 나타납니다.
scope-page-luma-not-planes = 여기서는 이 프레임이 Y′CbCr 플레인으로 오지 않았으므로(브라우저가 RGB로 넘겨줌), 루마를 R′G′B′에서 계산합니다.
scope-page-luma-picture = 디코딩된 Y′는 동영상에만 있으니 동영상을 재생해 보세요. 이미지의 루마는 R′G′B′에서 계산합니다.
# The source's name and size, under the picture.
scope-page-caption = { $name }, { $width }×{ $height }
scope-page-video-unnamed = 동영상
scope-page-video-name = 이 프로젝트의 동영상
scope-page-sunset-name = 노을 (이 프로젝트에서 만듦)
# What a refused video or camera leaves in place.
scope-page-kept = 이전 이미지나 동영상을 유지합니다.
scope-page-reading = { $name } 읽는 중…
scope-page-file-refused = { $error } 이전 이미지나 동영상을 유지합니다.
# The scope's pass timed: $gpu, $wall and $warmup are times in words ("1.2 ms").
scope-page-time-gpu = { $scope ->
        [waveform] 웨이브폼
        [parade] 퍼레이드
       *[vectorscope] 벡터스코프
    } 패스: GPU에서 { $gpu } ({ $warmup } ms 동안 센 뒤 { $runs }회 실행의 중앙값, 타임스탬프 쿼리) · 카운트가 CPU로 돌아오기까지 { $wall }
scope-page-time-wall = { $scope ->
        [waveform] 웨이브폼
        [parade] 퍼레이드
       *[vectorscope] 벡터스코프
    } 패스: 카운트가 돌아오기까지 벽시계 시간 { $wall } ({ $runs }회 실행의 중앙값, { $why })
scope-page-draw-failed = { $scope ->
        [waveform] 웨이브폼을
        [parade] 퍼레이드를
       *[vectorscope] 벡터스코프를
    } 그릴 수 없습니다: { $error }
scope-page-count-failed = 여기서는 { $scope ->
        [waveform] 웨이브폼을
        [parade] 퍼레이드를
       *[vectorscope] 벡터스코프를
    } 셀 수 없습니다: { $error }
# A video's rate: $fps, the frames in the last second, $rate the same in figures (Korean has no plural).
scope-page-rate = { $fps ->
       *[other] 초당 { $rate }프레임
    }, 각 프레임을 GPU에서 세고 그립니다.
# Without WebGPU, after the site's "(who)에는 WebGPU가 필요합니다: (why)."
scope-page-command-line = 명령줄 도구도 같은 { $scope ->
        [waveform] 웨이브폼을
        [parade] 퍼레이드를
       *[vectorscope] 벡터스코프를
    } 그립니다: <code>histogram scope --{ $scope }</code>.
scope-hold = B로 보관
scope-let-go = B 해제
scope-held = B: { $moment }
scope-held-alt = B로 보관한 { $scope }: { $moment }
scope-hold-failed = 스코프를 보관하지 못했습니다: { $error }

# 스코프 전용 창 (www/studio-scope-window.js), 두 번째 모니터용.
scope-window-open = 스코프를 별도 창으로
scope-window-close = 스코프를 페이지로 되돌리기
scope-window-title = 스코프
scope-window-blocked = 스코프 창을 열 수 없습니다: 이 사이트의 팝업을 허용한 뒤 다시 시도하세요.
