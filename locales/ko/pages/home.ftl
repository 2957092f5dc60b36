# index.html
home-title = WebGPU 이미지 히스토그램
home-description =
    .content =
    WebGPU로 GPU에서 이미지 히스토그램을 계산하는 과정을 webgpufundamentals.org의 글을 따라 한
    단계씩 살펴봅니다. CPU 루프에서 출발해 NVIDIA의 CUB보다 빠른 커널까지, 사진과 동영상, 카메라
    영상에서 실시간으로 확인할 수 있습니다.
home-heading = WebGPU 이미지 히스토그램
home-every-step-from =
    평범한 CPU 루프에서 시작해 이미지의 색을 세는 GPU 컴퓨트 셰이더에 이르기까지 모든 단계를,
    webgpufundamentals.org의 글 <cite>WebGPU 컴퓨트 셰이더 – 이미지 히스토그램</cite> 1부와 2부를
    따라 Rust와 wgpu로 작성했으며, 지금 이 브라우저에서 실행됩니다. 각 예제는 여러분의 컴퓨터에서
    실제로 실행되며 성능을 직접 측정합니다. 어느 예제에든 원하는 이미지를 끌어다 놓을 수 있습니다.
home-open-studio-your =
    <a class="button" href="www/studio.html">스튜디오 열기</a> <span class="muted">여러분의
    사진, 동영상, 카메라 영상을 실시간 히스토그램, 통계, 관심 영역, 클리핑 경고, 히스토그램 기반
    보정과 함께 볼 수 있습니다.</span>
home-looking-for-webgpu = WebGPU를 찾는 중…
