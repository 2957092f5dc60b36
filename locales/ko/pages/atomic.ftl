# www/atomic.html
atomic-title = GPU: 픽셀당 호출 하나, atomicAdd · WebGPU 이미지 히스토그램
atomic-description =
    .content = 스토리지 메모리에 대한 atomicAdd로 경쟁 조건을 고칩니다.
atomic-heading = GPU: 픽셀당 호출 하나, atomicAdd
atomic-race-fixed-by =
    증가 연산을 더 나눌 수 없는 한 단계로 만들면 경쟁 조건이 해결됩니다. 빈을
    <code>array&lt;atomic&lt;u32&gt;&gt;</code>로 바꾸고, 각 호출은
    <code>atomicAdd(&amp;bins[bin], 1u)</code>를 실행합니다. 메모리 시스템이 그 워드에 대한
    로드, 덧셈, 저장을 하나의 연산으로 수행하므로 카운트가 사라지지 않고, 빈의 합계가 다시 픽셀
    수와 같아집니다.
atomic-diagram-atomicadd-holds =
    다이어그램에서 atomicAdd는 시작부터 끝까지 자기 빈을 붙잡고 있습니다(주황색 테두리). 붙잡힌
    빈을 쓰려는 호출은 빈이 풀릴 때까지 <em>대기</em>로 표시됩니다. 경쟁 조건 페이지와
    같은 이미지에서 똑같이 한 번에 워크그룹 네 개씩 실행합니다. 호출이 어떤 순서로 엇갈려도 최종
    빈은 정확하며, 여러분의 GPU에서 같은 이미지를 이 커널로 센 결과와 대조합니다.
atomic-what-it-costs = 치르는 대가
atomic-waiting-price-every =
    대가는 기다림입니다. 흔한 밝기의 픽셀은 모두 스토리지 메모리의 같은 워드 앞에 줄을 서는데,
    사진의 픽셀은 256개의 빈에 고르게 퍼져 있지 않습니다(위의 히스토그램에서 여러분의 이미지가
    어디에 몰려 있는지 볼 수 있습니다). 최악의 경우는 단색 이미지로, 모든 호출이 빈 하나를
    기다립니다. 아래 시간은 여러분의 GPU에서 이 커널을 실행한 시간입니다. 원문에서는 저자의
    컴퓨터에서 JavaScript보다 약 4배 빨랐습니다. 다음 페이지들은 원자 연산을 그대로 쓰되, 더 빠른
    메모리로 옮깁니다.
atomic-dispatch = 디스패치
atomic-for-this-picture = <span data-fact="size">이</span> 이미지의 경우:
atomic-workgroup-size-changes =
    워크그룹 크기는 호출을 나눠 주는 방식만 바꿉니다. 1×1은 원문의 페이지들처럼 픽셀마다
    워크그룹 하나를, 16×16은 256픽셀짜리 정사각형마다 하나를 만듭니다. 가장자리 밖의 호출은 경계
    검사에서 돌려보냅니다(이번 실행에서는 <span data-fact="launched">여러</span> 개 중
    <span data-fact="outside">몇</span> 개). 어느 쪽이든 같은 스토리지 메모리에 대한 같은 원자
    연산이므로 개수도 같습니다. 채널이 네 개라면 픽셀마다 atomicAdd를 네 번 합니다.
