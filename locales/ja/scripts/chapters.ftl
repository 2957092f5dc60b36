# The chapters' pages over an image (www/image-page.js and the modules it lays out
# with), and the introduction's (www/intro.js). Sizes ("2448×1505"), times (page-ms)
# and counts ("1,234") come written; a `count`, `runs`, `rounds` or `channels` is
# the number itself, for a plural.

## The page's controls and places (www/chapter-layout.js).
chapter-loading = 読み込んでいます…
chapter-play-video = 動画を再生
chapter-use-camera = カメラを使う
chapter-run-again = もう一度実行
chapter-download-csv = CSVをダウンロード
chapter-choose-image = 画像を選ぶ…
chapter-choose-image-or-video = 画像または動画を選ぶ…
# The race page's button: a picture of one colour, where every invocation adds to one bin.
chapter-race-harder = もっと競合させる：単色の画像
# The labels of the choices, before each list.
chapter-method = 手法：
chapter-channels = チャンネル：
chapter-channels-luminance = 輝度
chapter-channels-rgbl = R、G、Bと輝度
# The shapes a page offers: the chunk a workgroup counts, or the pixels of a
# one-invocation-per-pixel workgroup.
chapter-shape-chunk = チャンク：
chapter-shape-chunk-256x1 = 256×1ピクセル（記事の設定）
chapter-shape-chunk-16x16 = 16×16ピクセル（記事が「より良いかも」としている形）
chapter-shape-workgroup = ワークグループ：
chapter-shape-workgroup-1x1 = 1×1（記事の設定）
chapter-shape-workgroup-16x16 = 16×16（ピクセルの正方形ごとにワークグループ1つ）
chapter-image-label = 計測する画像
chapter-drop-image = ここ、またはページのどこにでも画像をドロップできます。
chapter-drop-image-or-video = ここ、またはページのどこにでも画像や動画をドロップできます。
# A histogram's caption; .aria-label names its canvas.
chapter-histogram-luminance = 輝度
    .aria-label = 輝度のヒストグラム
chapter-histogram-rgb = 赤、緑、青（スクリーン合成）
    .aria-label = 赤、緑、青のヒストグラム
# Headings of the times section: the CPU's one time, or a GPU count's passes.
chapter-time = 時間
chapter-time-by-pass = パスごとの時間
# The race page's other runs of the same picture.
chapter-more-runs = 同じ画像でさらに{ $runs }回実行
# The sources shown, each under a summary.
chapter-article-loop-source = 記事のループ（Rust版）
chapter-tally-source = このサイトで使っている集計処理（Rust）
chapter-kernel-source = このカーネルのWGSL
chapter-drawing-source = 描画のWGSL：scale.wgslとdraw.wgsl

## The page at work (www/image-page.js). `why`: an error's own words; `name`: a
## file's name; `said`: what the page said of a lost device (page-device-*).
# The pictures of the project's own, named under the picture.
chapter-picture-sunset = 夕焼け（このプロジェクトで作成）
chapter-picture-uniform = 単色（このプロジェクトで作成）
chapter-project-video = このプロジェクトの動画
# Under the picture: its name and size, and how it was stored (`format`).
chapter-image-caption = { $name }、{ $size }
chapter-image-caption-format = { $name }、{ $size }（{ $format }）
chapter-running = 実行しています…
chapter-running-single = 実行しています…GPUの1スレッドが全ピクセルをたどるので、しばらくかかります。その間もページは操作できます。
chapter-count-failed = ヒストグラムを計算できませんでした：{ $why }
chapter-reading = { $name }を読み込んでいます…
# `why`: why the file could not be read, a sentence.
chapter-image-kept = { $why }前の画像をそのまま使います。
chapter-timing-methods = 手法を計測しています…
chapter-next-file = 次は{ $name }です。今の実行が終わりしだい始めます。
# Without WebGPU, after "This page needs WebGPU…": `link`, a link to the CPU chapter (chapter-cpu-version).
chapter-cpu-instead = { $link }なら、どのブラウザでも動きます。
chapter-cpu-version = CPU版
chapter-counted-again = { $said }画像を数え直しました。
chapter-now-cpu = { $said }このページはこれ以降CPUの手法で数えます。結果は同じく正確です。
# `lacks`: what this GPU lacks for the page's kernel, a sentence from the core
# (in English); `method`: the kernel counted with instead (step-label-*).
chapter-lacks-instead = { $lacking }カーネルには、このGPUデバイスにない機能（{ $features }）が必要です。このカーネルのWGSLは下にありますが、この画像は代わりに「{ $method }」のカーネルで数えます。
## Beside the step-through diagram: why no run on this GPU is set beside it.
chapter-draw-failed = その描画はこのGPUで実行できませんでした：{ $why }
chapter-lacks-unchecked = { $method }カーネルには、このGPUデバイスにない機能（{ $features }）が必要です。そのため、このGPUでの実行結果は並べていません。
# The kernel lab's text: `why`, the core's reason for not running it (in English).
chapter-lab-refused = このGPUでは実行していません：{ $why }。
chapter-lab-not-run = このGPUでは実行されませんでした（ラボのメッセージを参照してください）。
chapter-lab-failed = このGPUでは実行できませんでした：{ $why }
chapter-subgroups-failed = このGPUでのサブグループの加算回数を数えられませんでした：{ $why }

## What a count shows beside its histograms (www/chapter-readout.js).
readout-pixels = ピクセル数
readout-bin-totals = { $channels ->
       *[other] ビンの合計
    }
# A channel's total among four: `channel` r, g, b or l (luminance).
readout-channel-total = { $channel ->
        [r] R
        [g] G
        [b] B
       *[l] L
    } { $total }
readout-equals-pixels = ✓ ピクセル数と一致
# The race page's run that lost no count.
readout-lost-nothing = ✓ この実行では何も失われませんでした。同じビンに同時に加算した呼び出しはありません
readout-lost = { $count ->
       *[other] ✗ { $shown }個のカウントが消失
    }
readout-time = 時間
# `time`: how the count was timed (page-time-*), on a page's first count.
readout-time-first = { $time } · このページで最初のカウント（カーネルのコンパイル時間を含む）
# The CPU chapter: the article's loop timed beside the site's tally. `verdict`:
# readout-same-bins or readout-different-bins, marked.
readout-simple-beside = この画像、このマシンでは、記事のループに{ $loop }、集計処理に{ $tally }かかりました（実時間、performance.now()）。結果：{ $verdict }。
readout-same-bins = ✓ ビンは一致
readout-different-bins = ✗ ビンが不一致

## A count's GPU passes (www/pass-times.js): the table's caption and heads.
passes-on-cpu = このカウントはCPUで実行されたため、計測するGPUのパスはありません。
# `passes`: the passes' names, as the core names them.
passes-untimed = このカウントの{ $count }個のパスは個別には計測できません（{ $why }）：{ $passes }。上の時間は、送信からビンが戻るまでの実時間です。
passes-caption = このカウントのGPUの各パスを、このGPUでタイムスタンプクエリを使って計測した時間（ブラウザが丸めることがあります。Chromiumは、WebGPUの開発者向け機能が有効でない限り0.1 ms単位に丸めます）。
passes-pass = パス
passes-does = 処理内容
passes-time = 時間
passes-share = 割合
# A pass shorter than the timestamps tell.
passes-under-step = タイマーの刻み未満

## Figures published for the same step, beside this page's (www/pass-times.js).
# `ours`: yes where this project's H100 figure is meant too; `shape`: as 256×1.
published-other-shape = { $ours ->
        [yes] このステップについて記事が公開している数値と、このプロジェクトが実際のGPUで計測した数値は、{ $shape }で取ったものです。その形を選ぶと、お使いのマシンでの結果と並べて表示します。
       *[no] このステップについて記事が公開している数値は、{ $shape }で取ったものです。その形を選ぶと、お使いのマシンでの結果と並べて表示します。
    }
# A button that counts a picture of the figures' size: `whose`, the article's or
# this project's (after published-ours-size).
published-size-button = { $whose ->
        [article] 記事と同じ{ $size }の画像を数える
       *[ours] 同じ{ $size }の画像を数える
    }
# `channels`: 1 (luminance) or 4; `read`: the date the article was read.
published-article-caption = このステップについて記事が公開しているタイミング（{ $size }、{ $channels ->
        [1] 輝度
       *[other] 4チャンネル
    }。webgpufundamentals.org、{ $read }時点。このマシンではなく記事のマシンでの値）と、同じサイズをこのページで数えた結果：
published-machine = マシン
published-ms = ms
# `machine`: the article's name for it (M1 Mac, Intel UHD 630...).
published-article-machine = { $machine }（記事）
published-here = このマシン（今回）
published-here-loop = このマシン（今回、記事のループのRust版）
published-here-software = このマシン（今回、GPUを代行するCPUアダプター）
published-article-size = 記事はこのステップを{ $size }の画像で計測しました。同じサイズの画像なら、記事の数値をお使いのマシンでの結果と並べて表示します。
# `where`: measured-on-gpu-where.
published-on-gpu = 実際のGPUでは、この{ $size }のカウントに{ $time }かかりました（{ $where }）。
published-ours-size = このプロジェクトは、このステップを{ $size }の画像についてNVIDIA H100で計測しました。

## The race page's other runs and the counts each lost (www/race-runs.js).
race-runs-loss-label = この実行で失われたカウント（ビンごと）
race-runs-run = { $run }回目
race-runs-run-loss-label = { $run }回目の実行で失われたカウント（ビンごと）
race-runs-none-lost = この画像では、どの実行でもカウントは失われませんでした。このGPUでは、同じビンを使う呼び出しが重なりませんでした。もう一度実行するか、すべての呼び出しが同じビンに加算する単色の画像で、もっと競合させてみてください。
# `most`: the largest loss in one bin.
race-runs-loss-scale = 輝度のビンごとに、正確なヒストグラム（CPUのもの）と比べて失われたカウントを赤で示します。対数スケールで、表示中の実行での最大の損失（1つのビンで{ $most }）までを表します。
race-runs-this-lost = この実行では{ $lost }個が失われ、最も多かったのはビン{ $bin }です。
race-runs-this-lost-none = この実行では何も失われませんでした。
# `lost`: race-runs-run-lost, marked.
race-runs-run-caption = { $run }回目：{ $counted }個をカウント、{ $lost }
race-runs-run-lost = { $lost }個が消失

## Methods timed side by side (www/side-by-side.js). `method`, `page`, `other`:
## a method's name as the pages' addresses have it (fragment, atomic), or its
## label (step-label-*) in the table of a page's choices.
beside-heading = この画像で並べて比較
beside-compute-heading = コンピュート版と並べて
beside-time-them = この画像で計測する
beside-method = 手法
beside-median = { $rounds }回の中央値
beside-runs = 各実行（ms）
beside-timing = 両方を計測しています…
beside-this-page = { $method }（このページ）
beside-compute-twin = { $method }（ピクセルごとにコンピュートの呼び出し1つ）
beside-counting-now = { $method }（現在使用中）
beside-each-method = この画像で各手法を交互に{ $rounds }回ずつ実行し、中央値を並べます。
# `clock`: gpu or wall; `than`: less (the page's method is faster), same, or more;
# `ratio`: how many times, as 2.5.
beside-ratio = { $clock ->
        [gpu] GPUのタイムスタンプ
       *[wall] 実時間（{ $why }）
    }で計測：このGPUでは、{ $page }版にかかる時間は{ $other }版{ $than ->
        [less] の{ $ratio }分の1
        [same] とほぼ同じ
       *[more] の{ $ratio }倍
    }で、どちらも正確です。
beside-lost-counts = { $page }と並べて実行した{ $method }でカウントが失われました
beside-failed = 計測できませんでした：{ $why }

## The figures the chapters' words give (www/facts.js), in their places there.
# A pass's dispatches, after its call: `pass`, the pass's name as the core names
# it; `workgroups`, `invocations` written, `workgroupCount`, `invocationCount` the numbers.
facts-dispatch = { $workgroupCount ->
       *[other] { $pass }：ワークグループ{ $workgroups }個
    }（{ $invocationCount ->
       *[other] それぞれ呼び出し{ $invocations }個
    }）
# The same, in `dispatches` dispatches, one a band of the picture.
facts-dispatch-bands = { $workgroupCount ->
       *[other] { $pass }：ワークグループ{ $workgroups }個
    }（{ $invocationCount ->
       *[other] それぞれ呼び出し{ $invocations }個
    }）、{ $dispatches }回のディスパッチに分割（帯ごとに1回）
facts-chunks-in-bands = { $chunks }（行の帯{ $bands }個に分け、帯ごとに1パス）
facts-chunk-bytes = { $mib } MiB
facts-chunk-bytes-largest = 最大の帯で{ $mib } MiB
# Each band's figures, joined two at a time: `first`, then the `rest`.
facts-steps-and = { $first }と{ $rest }
facts-reduce-then = { $first }、その後{ $rest }

## The introduction (www/intro.js): the article's 6×7 picture and its three bins.
intro-colour-blue = 青
intro-colour-red = 赤
intro-colour-yellow = 黄
# A pixel of the picture: `colour`, its name (intro-colour-*).
intro-pixel-label = ピクセル({ $x }, { $y })、{ $colour }、輝度{ $luminance }、ビン{ $bin }
# The colours table's labels, where a narrow screen shows its rows as cards.
intro-cell-rgb = R、G、B
intro-cell-luminance = 輝度
intro-cell-bin = ビン（3つ中）
intro-cell-pixels = ピクセル数
# A bar of the graph: its name, and the bin it is under it.
intro-bar-between = { $count ->
       *[other] ピクセル、
    }
intro-bar-bin = ビン{ $bin }
# The graph's name: `bins`, each bin's intro-graph-bin, joined by "; ".
intro-graph-label = ヒストグラム：{ $bins }。
intro-graph-bin = ビン{ $bin }は{ $count }ピクセル
# `counts`: the three counts, as 18, 16, 8.
intro-graph-caption = { $counts }：{ $pixels }個のピクセルを、次の章のCPUの手法で3つのビンに数えた結果です。
# `rgb`: the colour's values, as 34, 51, 255; `others`: the other pixels in its bin.
intro-pixel-now = ピクセル({ $x }, { $y })は{ $colour }（{ $rgb }）で、輝度は{ $luminance }です。そのためビン{ $bin }に数えられます。同じビンにはほかに{ $others }個のピクセルがあります。
intro-bin-now = ビン{ $bin }には{ $pixels }個のピクセルのうち{ $count }個が入っています。画像の中で枠で囲んで示しています。
