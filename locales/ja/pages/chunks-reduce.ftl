# www/chunks-reduce.html
chunks-reduce-title = GPU：ワークグループのチャンク + リデュース · WebGPU 画像ヒストグラム
chunks-reduce-description =
    .content = 同じチャンクを、GPU全体を働かせるペアごとのリデュースで合計します。
chunks-reduce-heading = GPU：ワークグループのチャンク + リデュース
chunks-reduce-chunks-are-counted = チャンクの数え方は前のページと同じです。変わるのは足し合わせ方です。数百の呼び出しがそれぞれすべてのチャンクをたどる代わりに、<em>リデュース</em>でチャンクをペアごとに足します。1回目のパスではチャンク1をチャンク0に、チャンク3をチャンク2に、というように加え、次のパスではチャンク2を0に、6を4に加えます。パスごとにペアの間隔（<code>stride</code>、ユニフォーム）は2倍になり、まだ足すべきチャンクは半分になって、最後にはチャンク0がヒストグラム全体を持ちます。
chunks-reduce-diagram-s-14 = 図の14個のチャンクは、ストライド1、2、4、8の4回のリデュースパスでまとめられます。ほかのチャンクに加算されたチャンクは薄く表示されます。ストライド2では、チャンク12から始まるペアには相手がいません（チャンク14は存在しません）。そのワークグループは何もせずに戻り、チャンク12はストライド4で加算されます。その後、合計パスがチャンク0をビンにコピーします。
chunks-reduce-why-it-faster = なぜ速いのか
chunks-reduce-every-reduce-pass = どのリデュースパスでも多数のワークグループが同時に動き、それぞれが1つのペアを足すので、GPU全体が合計に加わります。また、パスの数はチャンク数の対数でしか増えません。この画像（<span data-fact="size">幅×高さ</span>）を<span data-fact="shape">256×1</span>のチャンクに分けた場合、<span data-fact="chunks">すべての</span>チャンクを<span data-fact="steps">数回</span>のリデュースパス（ワークグループ数は<span data-fact="reduce-groups">パスごとに減少</span>）でまとめました。パスは前のパスの完了を待つので、各ディスパッチの書き込みは次のディスパッチから見えます。各パスの時間を下に示します。リデュースパスを前のページの合計と比べてみてください。記事の筆者は、前のバージョンが11 msと1.7 msかかった両方のマシンで、このバージョンが1 ms未満だったと報告しています。
chunks-reduce-dispatches-odd-chunk = ディスパッチと、余ったチャンク
chunks-reduce-with-chunk-count = チャンク数が2のべき乗でない場合、あるストライドで相手のいないペアが生じます。記事は1パスごとに<code>floor(chunks left / 2)</code>個のワークグループをディスパッチするので、そのようなペアがワークグループに割り当てられることはありません。このページはペアの数を切り上げた数のワークグループをディスパッチし、相手のいないものは範囲チェックで戻らせます。得られる合計は同じです。チャンクが1つのストレージバッファに収まらないほど大きな画像は帯に分けて処理され、ページにもそう表示されます。
chunks-reduce-what-part-1 = パート1のまとめ
chunks-reduce-article-ends-first = 記事はパート1をいくつかの教訓で締めくくっています。ここではそれを私たちの言葉で言い直し、それぞれをお使いのマシンで確かめられるページを添えます。
chunks-reduce-gpu-fast-only = GPUが速いのは、同時に実行する何千もの呼び出しを与えたときだけです。<a href="single.html">呼び出し1つ</a>では、CPUのループより遅くなります。
chunks-reduce-invocations-that-update = 同じメモリを更新する呼び出しは競合し、順番を守らない限りカウントを失います（<a href="race.html">競合</a>、続いて<a href="atomic.html">atomicAdd</a>）。
chunks-reduce-var-workgroup-memory = <code>var&lt;workgroup&gt;</code>メモリは1つのワークグループの呼び出しが共有するもので、近くて高速です（<a href="chunks-sum.html">チャンク</a>）。
chunks-reduce-less-invocations-have = 呼び出し同士の調整は少ないほど良く、どうしても必要な場合はアトミック操作と<code>workgroupBarrier()</code>で行います。チャンクのバリアと、ペア同士が決して重ならないこのページのリデュースがその例です。
chunks-reduce-never-assume-gpu = GPUが速いと決めつけないこと。このサイトのすべてのページのように各パスの時間を計測し、<a href="timings.html">タイミングのページ</a>で比べてみてください。
