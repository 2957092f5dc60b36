# www/4ch-chunks-reduce.html
four-chunks-reduce-title = 네 채널, 청크 + 리듀스 · WebGPU 이미지 히스토그램
four-chunks-reduce-description =
    .content = R, G, B와 휘도를 한꺼번에 세는, 원문에서 가장 빠른 방법.
four-chunks-reduce-heading = 네 채널, 청크 + 리듀스
four-chunks-reduce-article-s-fastest =
    원문에서 가장 빠른 방법을 네 채널로 확장한 것입니다. 워크그룹 메모리에 있는 워크그룹의 빈은
    이제 빈마다 원자 카운터 네 개를 담고(원문의
    <code>array&lt;array&lt;atomic&lt;u32&gt;, 4&gt;, chunkSize&gt;</code>와 같은 배치), 복사해
    내보내는 청크는 네 배로 커지며, 리듀스 패스마다 빈당 카운터 네 개를 더합니다.
four-chunks-reduce-diagram-part-1 =
    다이어그램은 1부의 다이어그램을 네 채널로 바꾼 것입니다. 각 청크의 열에는 R, G, B, L마다 빈
    세 개씩, 카운터 열두 개가 들어 있습니다.
four-chunks-reduce-memory-for-chunks =
    청크에 필요한 메모리도 네 배로 늘어납니다. <span data-fact="size">이</span> 이미지를
    <span data-fact="shape">256×1</span> 청크로 나누면 청크 버퍼만
    <span data-fact="chunk-bytes">상당한 용량</span>에 이르고, 큰 이미지는 그만큼 빨리 스토리지
    버퍼 한도에 닿아 밴드로 나눠 처리되며, 페이지가 이를 알려 줍니다.
four-chunks-reduce-article-s-own =
    원문의 16×16 버전(<code>4ch-optimized-16x16</code>)은 리듀스가 아니라 1부의 단일 워크그룹 합산,
    즉 워크그룹 하나로 청크를 합칩니다. 원문과 같은 방식으로 세려면 16×16 청크와 단일 워크그룹
    합산을 선택하세요. 아래에서 두 방식을 같은 이미지로 잽니다.
