# www/video.html
video-title = 실시간 동영상 히스토그램 · WebGPU 이미지 히스토그램
video-description =
    .content = 재생 중인 동영상의 모든 프레임을 GPU에서 히스토그램으로 세고 그립니다.
video-heading = 실시간 동영상 히스토그램
video-playing-video-beside =
    재생 중인 동영상 곁에는 그 동영상의 히스토그램만 있습니다. 빨강, 초록, 파랑, 휘도를 여러분의
    GPU가 매 프레임 세고 그립니다. Space나 K로 재생과 일시 정지를 하고, 화살표 키로 한 프레임씩
    이동하며(프레임마다 세고 그립니다), 동영상 아래의 막대로 탐색합니다. 화면을 클릭해도
    재생하거나 일시 정지합니다. 페이지 어디에든 동영상을 끌어다 놓으세요.
video-how-frame-reaches = 프레임이 히스토그램에 이르는 길
video-real-gpu-browser = 실제 GPU에서: 브라우저가 프레임을 가져옴
video-video = &lt;video&gt;
video-frame = 프레임
video-external-texture = 외부 텍스처
video-this-frame-only = 이 프레임에서만 유효
video-import-pass = 가져오기 패스
video-writes-rgb-once = RGB를 한 번 씀
video-count = 세기
video-into-bins = 빈으로
video-scale = 스케일
video-one-channel = 채널마다 하나
video-draw = 그리기
video-canvas = 캔버스로
video-where-cpu-plays = CPU가 GPU 역할을 할 때: 디코더의 바이트를 업로드
video-decoder = 디코더
video-videoframe = VideoFrame 하나
video-copyto = copyTo
video-planes = 플레인
video-frame-pass = 프레임 패스
video-converts-counts-at = 변환과 세기를 한 번에
video-scale-2 = 스케일
video-one-channel-2 = 채널마다 하나
video-draw-2 = 그리기
video-canvas-2 = 캔버스로
video-frame-s-way = 두 경로 각각에서 프레임이 단계별로 지나가는 길.
video-each-time-video =
    동영상에 새 프레임이 생길 때마다 페이지는 GPU에 그 프레임을 가져가도록 요청합니다. 실제
    GPU에서는 <code>&lt;video&gt;</code> 요소를 <code>device.importExternalTexture()</code>에
    넘겨 <code>texture_external</code>을 받습니다. 브라우저는 디코더의 메모리를 그대로 감쌀 수도
    있고(대개 아직 YUV이며, 샘플링할 때 RGB로 변환됩니다), 프레임을 먼저 복사할 수도
    있습니다(소프트웨어로 디코딩한 프레임은 업로드해야 합니다). 어느 쪽일지는 브라우저가
    정합니다. <code>&lt;video&gt;</code>에서 얻은 외부 텍스처는 가져온 태스크 직후의 어느
    태스크에서 저절로 만료되므로(WebCodecs <code>VideoFrame</code>에서 얻은 것은 프레임을 닫을
    때까지 유지됩니다), 페이지는 매 프레임 새로 가져오고 절대 보관하지 않습니다. 가져오기 패스는
    이를 한 번 샘플링해 평범한 RGB 텍스처에 쓰고, 세기 커널은 앞선 페이지들에서 이미지를 읽듯 이
    텍스처를 읽습니다.
video-where-cpu-plays-2 =
    CPU가 GPU 역할을 하는 환경(SwiftShader, lavapipe)에서는, 프레임을 가져오거나 브라우저가
    요소에서 프레임을 복사하는 것이 디코더의 바이트를 직접 받는 것보다 이 프로젝트의 컴퓨터에서
    몇 배나 느렸습니다. 그래서 페이지는 요소로 <code>VideoFrame</code>을 만들고,
    <code>VideoFrame.copyTo()</code>로 플레인들을 복사해 업로드한 뒤, 패스 하나에서 RGB 변환과
    세기를 함께 처리합니다. 각 호출은 자기만의 히스토그램에 세므로 기다릴 원자 연산이 없습니다.
video-how-it-drawn = 그리는 방법
video-scale-pass-finds =
    스케일 패스는 이전 페이지처럼 각 채널의 가장 꽉 찬 빈으로 채널마다 스케일 하나를 구합니다. 실제
    GPU에서는 이어서 컴퓨트 패스 하나가 캔버스 전체를 씁니다. 프레임을 그리고, 그 아래쪽에 CPU
    페이지들과 같은 색으로 히스토그램을 겹쳐 그립니다(빨강, 초록, 파랑이 겹치는 곳은 원문의 회색이
    아니라 흰색입니다. 이유는 네 채널 장에서 설명합니다). CPU가 GPU 역할을 하는 환경에서는 원문처럼
    렌더 패스가 대신 그립니다. CPU는 그 컴퓨트 패스를 실행하는 것보다 래스터화를 더 빨리 하기
    때문입니다. 프레임 사이에 CPU로 되읽는 것이 없으므로 페이지가 동영상을 따라잡으며, 오버레이에 각
    부분의 GPU 시간이 표시됩니다.
video-screen-label =
    .aria-label = 히스토그램을 겹친 동영상
video-play-label =
    .aria-label = 동영상 재생
