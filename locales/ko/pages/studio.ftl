# www/studio.html
studio-title = 스튜디오 · WebGPU 이미지 히스토그램
studio-description =
    .content =
    여러분의 사진, 동영상, 카메라 영상을 실시간 히스토그램, 스코프, 통계, 영역 선택, 보정과 함께
    봅니다. 모든 장의 기법이 한자리에 모였습니다.
studio-heading = 스튜디오
studio-your-picture-video =
    여러분의 사진, 동영상, 카메라 영상을 히스토그램 패널과 스코프 옆에 놓고, 여러분의 GPU가 매
    프레임 세고 그립니다. 히스토그램 위에 마우스를 올리거나, 히스토그램에 포커스를 두고 화살표
    키를 쓰면 빈의 값을 읽을 수 있습니다. 이미지 위를 드래그하면 그 영역만 셉니다. 통계는
    명령줄의 <code>--stats</code>와 같은 Rust 코드에서 나옵니다.
