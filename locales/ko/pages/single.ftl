# www/single.html
single-title = GPU: 호출 하나 · WebGPU 이미지 히스토그램
single-description =
    .content = 같은 루프를 GPU 스레드 하나가 실행하는 컴퓨트 셰이더로: 정확하지만 매우 느립니다.
single-heading = GPU: 호출 하나
single-first-gpu-version =
    첫 번째 GPU 버전은 CPU 루프를 그대로 컴퓨트 셰이더로 옮깁니다. 이미지는 텍스처로, 빈은
    <code>u32</code> 스토리지 버퍼로 GPU에 넘기고, 셰이더는 <code>@workgroup_size(1)</code>로 선언해
    <code>dispatchWorkgroups(1)</code>로 디스패치합니다. 모두 합쳐 호출 하나입니다. 이 호출이 모든
    행과 열을 돌며 <code>textureLoad</code>로 픽셀을 읽고, 빈을 계산해 1을 더합니다. CPU가 GPU
    역할을 하는 환경에서는 디스패치 하나가 너무 오래 실행되어 브라우저가 포기하는 일이 없도록, 이
    사이트가 이미지를 여러 행씩 묶은 밴드로 자르고 밴드마다 호출 하나짜리 디스패치를 차례로
    실행합니다. 이번 실행에 어떤 설정이 적용되었는지는 페이지 맨 아래의 목록에 나옵니다.
single-diagram-plays-that =
    다이어그램은 소개의 6×7 이미지에서 이 호출을 재생합니다. 커널에서 강조된 줄이 호출을 따라
    움직이고, 읽는 픽셀마다 윤곽선이 그려지며, 빈을 로드하고 저장할 때마다 모두 표시됩니다. 다른
    호출이 없으므로 끼어들 것도 없고, 마지막에 얻는 빈은 아래에 보이는, 같은 커널로 여러분의
    GPU에서 센 결과와 같습니다.
single-kernel = 커널
single-it-has-three =
    바인딩은 세 개입니다. 읽고 쓰는 스토리지 버퍼인 빈, <code>texture_2d&lt;f32&gt;</code>인
    이미지(이미지의 바이트는 <code>rgba8unorm</code> 텍스처에 들어가므로
    <code>textureLoad</code>는 각 채널을 0에서 1 사이의 float로 돌려줍니다), 그리고 처리할 행
    밴드를 담은 유니폼(장치가 밴드를 요구하지 않으면 이미지 전체)입니다. 파이프라인의
    레이아웃으로 만든 바인드 그룹이 빈 버퍼, 텍스처의 뷰, 밴드 유니폼을 이 바인딩들에 연결하고,
    <code>setBindGroup</code>이 이를 디스패치에 넘깁니다.
single-two-things-differ =
    원문의 WGSL과 일부러 다르게 한 점이 두 가지 있습니다. 빈 개수는 원문처럼
    <code>arrayLength(&amp;bins)</code>로 읽지 않고, 이후 단계에서 필요하므로 커널 위에 상수로
    적어 둡니다. 그리고 빈은 정수로 계산합니다. <code>rgb8</code>은 float를 원래의 바이트로
    되돌리고, <code>binOf</code>는 그 바이트에 휘도 가중치에 10000을 곱한 값을 적용합니다. CPU
    장의 계산과 정확히 같으므로, 한 픽셀은 CPU에서든 어느 GPU에서든 같은 빈에 들어갑니다.
    원문처럼 float로 <code>saturate(dot(color, weights))</code>를 계산하면, 휘도가 빈 경계에
    걸린 픽셀이 GPU의 반올림 방식에 따라 다음 빈에 들어갈 수 있습니다.
single-getting-bins-back = 빈 되읽기
single-storage-buffer-cannot =
    페이지는 스토리지 버퍼를 직접 읽을 수 없습니다. 디스패치가 끝나면 빈을 <code>MAP_READ</code>로
    만든 두 번째 버퍼로 복사하고 명령을 제출합니다. GPU가 작업을 마치면 <code>mapAsync</code>가
    완료되고, 그제야 페이지가 숫자를 읽습니다. 1부의 모든 페이지는 이렇게 끝나며, 2부에서는 대신
    GPU에서 빈을 그립니다.
single-why-it-slow = 느린 이유
single-it-correct-slow =
    정확하지만 느립니다. 원문의 저자 컴퓨터에서는 JavaScript보다 약 30배 느렸고, 네 대의
    컴퓨터로 잰 원문의 표(<a href="timings.html">타이밍 페이지</a>에서 여러분의 결과와 나란히 볼
    수 있습니다)에서는 19배에서 256배까지 느렸습니다. GPU가 빠른 것은 수천 개의 호출을 한꺼번에
    실행하기 때문인데, 여기서는 하나만 돌고 칩은 놀고 있습니다. 게다가 GPU 스레드 하나는 긴 직렬
    루프에서 CPU 코어보다 느립니다. <span data-fact="size">이</span> 이미지라면 호출 하나가
    <span data-fact="pixels">모든</span> 픽셀을 하나씩 차례로 읽습니다. 다음 페이지들은 나머지
    호출들에게도 일을 맡깁니다.
