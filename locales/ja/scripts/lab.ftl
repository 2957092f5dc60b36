# The kernel lab under a chapter's kernel (www/kernel-lab.js). Times (`after`,
# `budget`, `first`) are page-ms; counts are written as the language writes numbers.

lab-summary = このカーネルを編集して実行する（カーネルラボ）
# Three parts of one paragraph, each but the last ending with the space before the next.
lab-about-run = WGSLを書き換えて実行できます。コンパイルはお使いのブラウザが行います。カーネルはこのステップ自身のバインディングとディスパッチで上の画像に対して実行され、そのビンはCPUのカウントと1つずつ照合されます。このGPU上で、ステップ自身のカーネルと交互に計測して並べます。
lab-about-guard = 両方のバージョンのすべてのループにはガードが付いています。この画像でステップ自身の最も長いループの4倍を超えて（かつ64回を超えて）回ったループは止められ、ラボがそのことを知らせます。終わらないループがGPUを占有し続けることはありません。
lab-about-stop = 編集したカーネルの最初の実行は、ディスパッチ1回ずつ進みます。「停止」を押すか、ステップ自身の実行の10倍（最低10秒）の時間がかかると、ディスパッチとディスパッチの間で打ち切られます。GPUはディスパッチの途中では中断できないので、画像の帯1つ分は先に最後まで実行されることがあります。
lab-run = 実行（Ctrl+Enter）
lab-reset = リセット
lab-copy-link = リンクをコピー
lab-step-through = 図でステップ実行する
lab-stop = 停止
lab-link-label = このカーネルへのリンク
lab-editor-label = カーネルのWGSL（編集可能）

## The lab's status line.
lab-loading = エディターを読み込んでいます…
lab-ready = カーネルを編集して、「実行」を押してください。
lab-from-link = このカーネルはリンクから読み込んだものです。「実行」を押すと、コンパイルして照合します。
lab-link-unread = リンクのカーネルを読み取れませんでした（アドレスが途中で切れているか、カーネルではないのかもしれません）。表示しているのはステップ自身のカーネルです。
# `why`: the browser's words.
lab-editor-failed = エディターを読み込めませんでした：{ $why }
lab-running = コンパイルして実行しています…
lab-stopping = 実行中のディスパッチが終わったところで停止します…
lab-stopped-before = 開始前に停止しました。ページも編集中のテキストも元のままです。
lab-lost = カーネルの実行中にGPUデバイスが失われたため、ページが新しいデバイスを開いています。テキストは残っているので、画像のカウントが終わったらもう一度実行してください。
# `why`: the core's or the browser's words (English).
lab-could-not-run = 実行できませんでした：{ $why }
lab-stepping = 編集したカーネルを、上のステップ実行の図で、ビンが3つの小さな画像を使って再生しています。その下には、このGPUで同じテキストを実行した結果を示します（GPUが実行できる場合）。
lab-cannot-step = 図では再生できません：{ $why }
lab-back = このステップのカーネルに戻しました。
lab-link-copied = リンクをコピーしました。リンクには編集したテキストが含まれますが、共有しない限り、このページの外には何も送られません。
lab-link-below = リンクを下に表示し、選択しました。コピーすると、編集したテキストを共有できます。
lab-rebased = ページの設定が変わったため、各カーネルの先頭に挿入される定数を新しい設定に合わせました。テキストのそれ以外の部分は、編集したままです。

## A compiler's message, under the editor: <button> marks the place, a button
## that goes there. `kernel`: the kernel's name; `message`: the browser's words.
lab-message = <button>{ $kernel }.wgsl、{ $line }行{ $column }列</button>：{ $severity ->
        [error] エラー
        [warning] 警告
       *[info] 情報
    }：{ $message }

## The verdict.
# `why`: the core's words (English).
lab-refused = 実行していません：{ $why }。
lab-does-not-compile = 実行していません：コンパイルできません（{ $kernel }.wgsl、{ $line }行：{ $message }）。
lab-halted-pressed = 操作に従い、{ $after }経過したところで停止しました。ページも編集中のテキストも元のままです。
lab-halted-budget = 停止しました：編集したカーネルがラボの制限時間{ $budget }（ここでのステップ自身の実行の10倍、最低10秒）を超えたため、{ $after }経過したところで停止しました。ページも編集中のテキストも元のままです。
# `bounds`: each kernel's name and its most rounds ("count: 64, reduce: 64").
lab-guard-stopped = 停止しました：編集したカーネルのループが、ガードが許す回数（ループごとの上限は{ $bounds }回）を超えて回りました。終わらないループだったらGPUを占有していたところです。ページも編集中のテキストも元のままです。
lab-exact = 正確：すべてのビンが、{ $pixels }ピクセルに対するCPUのカウントと一致します。
# `wrong`: the bins that differ, as written; `count`: the same, as a number.
lab-not-exact-placed = { $count ->
       *[other] 不正確：{ $wrong }個のビンがCPUのカウントと異なります。編集したカーネルは{ $counted }個すべてを数えましたが、一部を誤ったビンに入れています。
    }
lab-not-exact-counted = { $count ->
       *[other] 不正確：{ $wrong }個のビンがCPUのカウントと異なります。編集したカーネルが数えたのは{ $counted }個ですが、CPUが数えたのは{ $expected }個です。
    }
# `verdict`: one of the above, said first.
lab-not-timed = { $verdict }計測はしていません：実行に{ $first }かかったため、ステップ自身の実行と並べてもう一度実行すると、ラボの制限時間{ $budget }を超えてしまいます。
# `verdict`: one of the above, said first; Stop was pressed after the count came.
lab-stopped-late = { $verdict }停止が押されたのは集計の後なので、集計結果はそのままです。{ $timed ->
        [yes] 時間は停止前に終わった実行のものです。
       *[no] 時間は計測していません。
    }

## The times' table. `runs`: as written; `count`: the same, as a number; `clock`:
## "wall" where the browser gives no GPU timestamps.
lab-times-caption = { $count ->
       *[other] 時間：それぞれ交互に{ $runs }回実行した中央値
    }{ $clock ->
        [wall] （読み戻しを含む実時間。{ $why }）
       *[gpu] {""}
    }
lab-pass = パス
lab-theirs = このステップのカーネル
lab-yours = 編集したカーネル
lab-all-passes = 全パス（GPU）
lab-whole-run = 実行全体（実時間）

## The bins counted wrong: a figure and a table.
lab-channel = { $name ->
        [red] 赤
        [green] 緑
        [blue] 青
       *[luminance] 輝度
    }
# `channels`: lab-wrong-in-channel for each, joined by "; ".
lab-wrong-label = 編集したカーネルが誤って数えたビン（チャンネル別）：{ $channels }。
lab-wrong-in-channel = { $count ->
       *[other] { $channel }：誤ったビン{ $wrong }個
    }
# `channels`: their names, joined by ", "; `largest`: the largest difference.
lab-wrong-figure = 行がチャンネル（{ $channels }）、列がビンです。編集したカーネルが多く数えたところは赤、少なく数えたところは紫で示し、高さは差を対数スケールで表します（最大の差は{ $largest }）。
# `part`: "largest" where the table shows only the `shown` largest of the
# `total`; `many`: "no" where one channel is counted (`channel`).
lab-wrong-caption = { $part ->
        [largest] 誤ったビン{ $total }個のうち、差の大きい{ $shown }個
       *[all] 誤ったビン{ $total }個
    }{ $many ->
        [no] （{ $channel }）
       *[yes] {""}
    }
lab-channel-column = チャンネル
lab-bin = ビン
lab-cpus = CPUのカウント
lab-difference = 差
