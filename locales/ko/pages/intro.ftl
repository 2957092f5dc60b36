# www/intro.html
intro-title = 히스토그램이 세는 것 · WebGPU 이미지 히스토그램
intro-description =
    .content =
    42픽셀짜리 이미지로 보는 이미지 히스토그램: 각 색의 휘도, 그 색이 들어가는 빈, 그리고
    그래프.
intro-heading = 히스토그램이 세는 것
intro-histogram-picture-counts =
    이미지의 히스토그램은 픽셀을 어떤 값에 따라 셉니다. 어두운 픽셀이 몇 개인지, 밝은 픽셀이 몇
    개인지, 그 사이에 있는 픽셀이 몇 개인지를 세는 것입니다. 원문의 첫 번째 예제인, 세 가지
    색으로 된 6×7 픽셀 이미지를 이 사이트의 코드로 그려 보았습니다. 픽셀을 가리키거나 화살표
    키로 픽셀 사이를 옮겨 다니면 그 픽셀이 어디에 세어지는지 볼 수 있습니다.
intro-6-7-pixels = 6×7 픽셀, 모두 42개
intro-point-at-pixel = 픽셀을 가리켜 보세요.
intro-three-colours-each = 세 가지 색과 각 색의 휘도
intro-colour = 색
intro-luminance = 휘도
intro-bin-3 = 빈 (3개 중)
intro-pixels = 픽셀 수
intro-from-colour-bin = 색에서 빈으로
intro-value-counted-here =
    여기서 세는 값은 휘도, 즉 색이 얼마나 밝아 보이는지입니다. 각 채널을 0에서 1 사이의
    값(바이트 값을 255로 나눈 값)으로 바꾼 뒤 0.2126&nbsp;R + 0.7152&nbsp;G + 0.0722&nbsp;B로
    가중치를 주어 더합니다. 사람의 눈이 초록에 가장 민감하고 파랑에 가장 둔감하기 때문입니다.
    이렇게 하면 모든 색은 0(검정)에서 1(흰색) 사이의 휘도를 갖게 됩니다.
intro-with-three-bins =
    빈이 세 개라면 범위를 삼등분합니다. 휘도가 1/3 미만이면 빈 0, 2/3 미만이면 빈 1, 나머지는 빈 2로
    갑니다. 규칙은 <code>min(floor(v × bins), bins − 1)</code>이며, <code>min</code>은 휘도가 정확히
    1인 경우를 마지막 빈에 넣어 줍니다. 표는 이 이미지의 세 가지 색으로 이 계산을 직접 해 보인
    것으로, 이 사이트의 모든 페이지가 개수를 셀 때 쓰는 바로 그 프로젝트 코드로 계산했습니다.
intro-histogram = 히스토그램
intro-three-numbers-one =
    빈마다 숫자 하나, 이 세 숫자가 히스토그램의 전부입니다. 이미지의 픽셀을 어두운 픽셀, 중간 밝기
    픽셀, 밝은 픽셀로 나눈 결과입니다. 막대로 그리면 그 모양만 보고도 이미지의 픽셀이 어두운 쪽부터
    밝은 쪽까지 어떻게 퍼져 있는지 한눈에 알 수 있습니다. 막대를 선택하면 이미지에서 그 막대에 속한
    픽셀들을 볼 수 있습니다.
intro-photos-are-counted =
    사진은 256개의 빈으로 셉니다. 그러면 R, G, B에서는 빈 하나가 8비트 채널의 한 단계에
    해당하며(세 채널의 가중합인 휘도는 단계와 단계 사이에 떨어집니다), 이 사이트의 페이지들은
    휘도와 함께 R, G, B도 셉니다. 다음은 이 사이트의 노을 이미지(480×300)를 여러분의 컴퓨터에서
    그렇게 센 결과입니다:
intro-luminance-256-bins = 휘도, 빈 256개: 왼쪽이 어둡고 오른쪽이 밝습니다.
intro-next-chapter-counts =
    다음 장에서는 CPU의 루프로 이미지 전체를 이렇게 세고, 그 뒤의 장들에서는 같은 계산을 한
    단계씩 GPU로 옮깁니다.
intro-pixels-label =
    .aria-label = 6×7 픽셀 이미지
intro-sunset-histogram-label =
    .aria-label = 노을 이미지의 휘도 히스토그램, 빈 256개
