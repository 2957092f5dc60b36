# www/atomic.html
atomic-title = GPU：ピクセルごとに1つの呼び出し、atomicAdd · WebGPU 画像ヒストグラム
atomic-description =
    .content = ストレージメモリ上のatomicAddで競合を解消します。
atomic-heading = GPU：ピクセルごとに1つの呼び出し、atomicAdd
atomic-race-fixed-by = インクリメントを分割できない1つの操作にすれば、競合は解消します。ビンを<code>array&lt;atomic&lt;u32&gt;&gt;</code>にして、各呼び出しが<code>atomicAdd(&amp;bins[bin], 1u)</code>を呼ぶようにします。メモリシステムがそのワードに対するロード、加算、ストアを1つの操作として行うので、カウントは失われず、ビンの合計は再びピクセル数と一致します。
atomic-diagram-atomicadd-holds = 図では、atomicAddは開始から終了までそのビンを確保します（オレンジの枠）。確保されたビンを使いたい呼び出しには、ビンが解放されるまで<em>待機</em>と表示されます。画像も、同時に動く4つのワークグループも競合のページと同じです。最終的なビンの値はどの実行順序でも正確で、このカーネルがお使いのGPUで同じ画像を数えた結果と照合されます。
atomic-what-it-costs = その代償
atomic-waiting-price-every = 代償は待ち時間です。よく現れる明るさのピクセルはすべて、ストレージメモリの同じワードに並んで順番を待ちます。そして写真のピクセルは、256個のビンに均等に散らばっているわけではありません（上のヒストグラムを見ると、この画像のピクセルがどこに集中しているかがわかります）。最悪なのは単色の画像で、すべての呼び出しが1つのビンを待つことになります。下の時間は、お使いのGPUでのこのカーネルの処理時間です。記事では、筆者のマシンでJavaScript版より約4倍速いという結果でした。次のページからは、アトミック操作はそのままに、それをより高速な場所へ移します。
atomic-dispatch = ディスパッチ
atomic-for-this-picture = この画像（<span data-fact="size">幅×高さ</span>）の場合：
atomic-workgroup-size-changes = ワークグループサイズが変えるのは、呼び出しの割り振り方だけです。1×1では記事のページと同じくピクセルごとに1つのワークグループ、16×16では256ピクセルの正方形ごとに1つになります。端を越えた呼び出しは範囲チェックで戻されます（今回の実行では<span data-fact="launched">全体</span>のうち<span data-fact="outside">一部</span>）。どちらの場合もアトミック操作は同じストレージメモリに対する同じものなので、カウントも同じです。4チャンネルの場合、各ピクセルは4回のatomicAddを行います。
