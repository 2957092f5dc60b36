# www/4ch-cpu.html
four-cpu-title = CPU에서 네 채널 · WebGPU 이미지 히스토그램
four-cpu-description =
    .content = R, G, B와 휘도를 한 루프에서 세고, 스크린 블렌딩으로 겹쳐 그립니다.
four-cpu-heading = CPU에서 네 채널
four-cpu-part-2-article =
    원문의 2부는 한 번의 패스로 빨강, 초록, 파랑, 휘도의 히스토그램 네 개를 셉니다. 채널 값은
    바이트를 255로 나눈 값이며, 휘도와 같은 규칙으로 빈을 정합니다. 빈은 인터리브되어 빈마다 R,
    G, B, L 순서로 카운터 네 개가 있으므로(WGSL의 <code>array&lt;vec4u&gt;</code> 레이아웃),
    픽셀 하나가 이웃한 워드 네 개에 더하게 되고 GPU 버전들도 같은 형태를 유지합니다. 채널
    <i>c</i>의 빈 <i>b</i>는 카운터 <code>b × 4 + c</code>입니다.
four-cpu-red-green-blue =
    빨강, 초록, 파랑 막대는 <em>스크린</em> 블렌딩으로 겹쳐 그립니다. 빨강과 초록이 겹치면 노랑,
    셋이 모두 겹치면 흰색이 됩니다. 각 채널은 자기 채널에서 가장 높은 빈에 맞춰 스케일을
    정하며(CPU 장에서 설명한 상한 포함), 휘도는 별도의 캔버스에 그립니다.
four-cpu-loop-previous-cpu =
    루프는 이전 CPU 페이지의 루프에서 픽셀마다 덧셈을 네 번 하도록 바꾼 것입니다. 두 가지 코드가
    모두 아래에 있으며, 페이지가 둘 다 시간을 잽니다.
