# www/timings.html
timings-title = 이 컴퓨터의 타이밍 · WebGPU 이미지 히스토그램
timings-description =
    .content = 같은 이미지에서 모든 방법을 실행한 중앙값을, 원문에 실린 표와 나란히 보여 줍니다.
timings-heading = 이 컴퓨터의 타이밍
timings-article-ends-part =
    원문은 1부를 각 방법이 네 대의 컴퓨터에서 얼마나 걸렸는지 보여 주는 표로 마무리합니다. 이
    페이지는 여러분의 컴퓨터로 같은 표를 채웁니다. 같은 이미지에서 모든 방법을 여러 번 실행해
    중앙값을 원문에 실린 행과 나란히 보여 줍니다. 이미지는 원문의 크기(채널 하나는 2448×1505, 네
    채널은 2448×1836)로 맞춘 이 프로젝트의 노을 이미지이거나, 여러분이 고른 아무 이미지입니다.
timings-compare-ratios-within =
    행끼리 숫자를 비교하지 말고, 한 행 안에서 비율을 비교하세요. 컴퓨터가 서로 다르고,
    브라우저가 GPU 타임스탬프를 반올림할 수 있으며(Chromium은 WebGPU 개발자 기능을 켜지 않으면
    0.1&nbsp;ms 단위로 반올림합니다), SwiftShader 같은 소프트웨어 GPU는 실제 GPU보다 훨씬 느리기
    때문입니다. 각 방법의 첫 실행은 파이프라인을 컴파일하므로 집계하지 않습니다.
timings-time-images-command =
    명령줄 벤치마크의 이미지(그리고 NVIDIA GPU에서 쓰는 CUB 벤치마크의 이미지)로 시간을 재려면,
    주소에 <code>?kind=noise</code>(또는 <code>natural</code>, <code>uniform</code>)와
    <code>&amp;width=8192&amp;height=8192</code> 같은 크기를 덧붙이세요.
