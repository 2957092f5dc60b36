# www/4ch-single.html
four-single-title = 네 채널, GPU 호출 하나 · WebGPU 이미지 히스토그램
four-single-description =
    .content = 셰이더 스레드 하나로 만드는, 인터리브된 히스토그램 네 개.
four-single-heading = 네 채널, GPU 호출 하나
four-single-single-invocation-kernel =
    다시 호출 하나짜리 커널입니다. 이번에는 픽셀마다 인터리브된 카운터 네 개, 즉 R, G, B, 휘도에
    대해 <code>bins[bin × 4 + channel]</code>에 더합니다. WGSL은 1부의 커널을 상수
    <code>channels = 4</code>로 컴파일한 것으로, 픽셀 루프 안에 채널 루프가 들어갈 뿐 나머지는
    바뀌지 않습니다.
four-single-diagram-runs-it =
    다이어그램은 소개의 이미지에서 채널당 빈 세 개로 이 커널을 실행합니다. 카운터는 열두 개이고,
    픽셀마다 그중 네 개에 더합니다.
four-single-four-times-adds =
    호출 하나가 혼자서 네 배의 덧셈을 합니다. 이 사이트에서 가장 느린 페이지로, 더 빠른 방법들을 잴
    때의 기준으로 남겨 두었습니다.
