# www/chunks-reduce.html
chunks-reduce-title = GPU: 워크그룹 청크 + 리듀스 · WebGPU 이미지 히스토그램
chunks-reduce-description =
    .content = 같은 청크를, GPU 전체를 바쁘게 만드는 쌍별 리듀스로 합산합니다.
chunks-reduce-heading = GPU: 워크그룹 청크 + 리듀스
chunks-reduce-chunks-are-counted =
    청크를 세는 것은 이전 페이지와 같습니다. 달라지는 것은 청크를 합치는 방법입니다. 수백 개의
    호출이 각자 모든 청크를 훑는 대신, <em>리듀스</em>가 청크를 둘씩 짝지어 더합니다. 한
    패스에서 청크 1을 청크 0에, 청크 3을 청크 2에 더하는 식으로 진행하고, 다음 패스에서는 청크
    2를 0에, 6을 4에 더합니다. 패스마다 짝 사이의 거리(<code>stride</code>, 유니폼)는 두 배가
    되고 더할 청크는 절반으로 줄어, 마침내 청크 0에 히스토그램 전체가 담깁니다.
chunks-reduce-diagram-s-14 =
    다이어그램의 청크 14개는 스트라이드 1, 2, 4, 8로 리듀스 패스를 네 번 거칩니다. 다른 청크에
    더해진 청크는 흐려집니다. 스트라이드 2에서는 청크 12에서 시작하는 쌍에 짝이 없으므로(청크
    14는 없습니다) 그 워크그룹은 그냥 반환하고, 청크 12는 스트라이드 4에서 더해집니다. 그다음
    합산 패스가 청크 0을 빈으로 복사합니다.
chunks-reduce-why-it-faster = 더 빠른 이유
chunks-reduce-every-reduce-pass =
    리듀스 패스마다 많은 워크그룹이 동시에 실행되어 각각 한 쌍을 더하므로 GPU 전체가 합산을
    거들고, 패스 수는 청크 수의 로그만큼만 늘어납니다. <span data-fact="size">이</span> 이미지를
    <span data-fact="shape">256×1</span> 청크로 나누면 청크 <span data-fact="chunks">여러</span>
    개에 리듀스 패스가 <span data-fact="steps">몇</span> 번 필요했고, 패스를 거듭할수록 워크그룹
    수는 줄었습니다(<span data-fact="reduce-groups">점점 적게</span>). 패스는 앞 패스가 끝나기를
    기다리므로, 각 디스패치가 쓴 결과는 다음 디스패치에 보입니다. 패스별 시간이 아래에 있으니
    리듀스 패스를 이전 페이지의 합산과 비교해 보세요. 원문의 저자는 이전 버전이 11 ms와 1.7 ms
    걸렸던 두 컴퓨터 모두에서 이 버전이 1 ms 미만이라고 측정했습니다.
chunks-reduce-dispatches-odd-chunk = 디스패치, 그리고 짝 없는 청크
chunks-reduce-with-chunk-count =
    청크 수가 2의 거듭제곱이 아니면 어떤 스트라이드에서 짝이 없는 쌍이 생깁니다. 원문은 패스마다
    워크그룹을 <code>floor(chunks left / 2)</code>개 디스패치하므로 어떤 워크그룹도 그런 쌍을
    받지 않습니다. 이 페이지는 쌍마다 하나씩, 올림한 개수를 디스패치하고 짝 없는 워크그룹은 경계
    검사에서 반환하게 하는데, 합계는 같습니다. 청크가 스토리지 버퍼 하나에 다 들어가지 않는 큰
    이미지는 밴드로 나눠 처리하며, 페이지가 그 사실을 알려 줍니다.
chunks-reduce-what-part-1 = 1부 정리
chunks-reduce-article-ends-first =
    원문은 1부를 몇 가지 교훈으로 마무리합니다. 여기서는 그 교훈을 나름대로 다시 정리하고, 여러분의
    컴퓨터에서 각 교훈을 확인할 수 있는 페이지를 함께 달았습니다.
chunks-reduce-gpu-fast-only =
    GPU는 한꺼번에 실행할 호출을 수천 개 줄 때에만 빠릅니다: <a href="single.html">호출
    하나</a>는 CPU의 루프보다 느립니다.
chunks-reduce-invocations-that-update =
    같은 메모리를 갱신하는 호출들은 차례를 지키지 않으면 경쟁하다 카운트를 잃습니다:
    <a href="race.html">경쟁 조건</a>, 그리고 <a href="atomic.html">atomicAdd</a>.
chunks-reduce-var-workgroup-memory =
    <code>var&lt;workgroup&gt;</code> 메모리는 한 워크그룹의 호출들이 공유하며, 가깝고 빠릅니다:
    <a href="chunks-sum.html">청크</a>.
chunks-reduce-less-invocations-have =
    호출끼리 조율할 일이 적을수록 좋습니다. 조율이 꼭 필요하다면 원자 연산과
    <code>workgroupBarrier()</code>가 그 일을 합니다: 청크의 배리어, 그리고 짝끼리 서로 겹치지
    않는 이 페이지의 리듀스.
chunks-reduce-never-assume-gpu =
    GPU가 빠르다고 가정하지 마세요. 이 사이트의 모든 페이지가 그러듯 패스마다 시간을 재고,
    <a href="timings.html">타이밍 페이지</a>에서 비교하세요.
