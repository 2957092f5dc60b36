# www/4ch-chunks-reduce.html
four-chunks-reduce-title = 4チャンネル、チャンク + リデュース · WebGPU 画像ヒストグラム
four-chunks-reduce-description =
    .content = 記事で最速の手法で、R、G、Bと輝度を同時に数えます。
four-chunks-reduce-heading = 4チャンネル、チャンク + リデュース
four-chunks-reduce-article-s-fastest = 記事で最速の手法を4チャンネルにしたものです。ワークグループメモリ上のワークグループのビンは、ビンごとに4つのアトミックカウンターを持つようになり（記事の<code>array&lt;array&lt;atomic&lt;u32&gt;, 4&gt;, chunkSize&gt;</code>と同じレイアウトです）、書き出す各チャンクは4倍の大きさになり、各リデュースパスはビンごとに4つのカウンターを加算します。
four-chunks-reduce-diagram-part-1 = 図はパート1のものを4チャンネルにしたものです。各チャンクの列は、R、G、B、Lそれぞれ3つのビン、計12個のカウンターを持ちます。
four-chunks-reduce-memory-for-chunks = チャンク用のメモリも4倍になります。この画像（<span data-fact="size">幅×高さ</span>）を<span data-fact="shape">256×1</span>のチャンクに分けると、チャンクバッファは<span data-fact="chunk-bytes">相応の量</span>を占めます。大きな画像ではストレージバッファの上限に早く達し、帯に分けて処理されます。その場合はページに表示されます。
four-chunks-reduce-article-s-own = 記事にある16×16版（<code>4ch-optimized-16x16</code>）は、チャンクをリデュースではなく、パート1と同じ単一ワークグループによる合計で足し合わせます。これと同じ構成にするには、16×16のチャンクと単一ワークグループの合計を選んでください。下では両方を同じ画像で計測します。
