# The timings page (www/timings.js): the article's part-1 table, filled in on this
# machine. Sizes ("2448×1505") and times come written; `runs` and `channels` are
# numbers, for a plural, with `runsShown` the runs as written.

## The table.
timings-column-machine = マシン（ms）
# The article's "js" column: its loop, here in Rust compiled to WebAssembly.
timings-column-cpu = js（ここではRust/wasm）
timings-this-machine = { $channels }ch：このマシン
# The article's rows: `machine`, its name for it (M1 Mac, Intel UHD 630...).
timings-article-row = { $channels }ch：{ $machine }
# A cell of a step this GPU's device cannot run; a cell without a GPU.
timings-not-here = このGPUでは不可
timings-no-gpu = GPUなし

## The controls and the status line. `name`: a file's name; `why`: an error's
## own words; `said`: what the page said of a lost device (page-device-*).
timings-loading = 読み込んでいます…
timings-progress = 進捗
timings-run-again = もう一度実行
timings-choose-image = 画像を選ぶ…
# `method`: the column's name (timings-column-cpu or step-label-*).
timings-timing = { $runs ->
       *[other] { $method }を計測しています（{ $channels }チャンネル、{ $runsShown }回実行）…
    }
timings-next-file = 次は{ $name }です。この手法の計測が終わりしだい始めます。
# `subject`: the picture timed (timings-subject-*); what the core notes of a file follows.
timings-done = { $runs ->
       *[other] 完了：{ $subject }で{ $runsShown }回実行した中央値です。
    }
# The pictures timed: the sunset at one size or at two (one channel's and four's),
# a benchmark picture (`kind`: natural, uniform or noise), or a file (`format`: how it was stored).
timings-subject-sunset = 夕焼けの画像（{ $size }）
timings-subject-sunsets = 夕焼けの画像（{ $first }と{ $second }）
timings-subject-bench = コマンドラインのベンチマークとCUBのベンチマークで使う{ $kind }画像（{ $size }）
timings-subject-file = { $name }（{ $size }、{ $format }）
# A file just read, to be timed: `subject`, timings-subject-file.
timings-subject-read = { $subject }。
timings-reading = { $name }を読み込んでいます…
# `why`: why the file could not be read, a sentence.
timings-image-kept = { $why }前の画像をそのまま使います。
timings-failed = 計測に失敗しました：{ $why }
# Without WebGPU, after "This page needs WebGPU…"; and once the GPU is gone.
timings-cpu-only = 埋められるのはCPUの列だけです。
timings-device-failed = { $said }埋められるのはCPUの列だけです。
timings-timed-again = { $said }計測中だった手法は、最初から計測し直しました。

## How the table is timed, said before it starts. `adapter`: the browser's words for the GPU.
timings-machine = GPU：{ $adapter }。表全体には数秒から1分ほどかかり、その大半は「単一」の列です。
timings-machine-software = GPU：{ $adapter }。これはCPUアダプター（GPUを代行するソフトウェア）です。表には数分かかり、その大半は「単一」の列です。どこまで進んだかは、ボタンのそばの進行バーでわかります。
# `warmup`: milliseconds.
timings-how = { $runs ->
       *[other] GPUの各手法は、まず1回実行し、{ $warmup } msのあいだGPUを働かせ続けてから（アイドル状態のGPUはクロックを下げるため）、{ $runsShown }回実行して計測します。表示するのは中央値です。
    }
# After timings-how: `least`, milliseconds.
timings-how-timestamps = GPUの列：コンピュートパスをタイムスタンプクエリで計測した時間（ブラウザが丸めることがあります）。js：記事のCPUループ（Rust版）をperformance.now()で挟み、少なくとも{ $least } ms繰り返して平均した時間。
timings-how-wall = GPUの列は、送信からビンが戻るまでの実時間です（{ $why }）。js：記事のCPUループ（Rust版）をperformance.now()で挟み、少なくとも{ $least } ms繰り返して平均した時間。
# Said once, after the others, where a run's GPU timestamps spanned more than the
# wall clock around them: `gpu`, `wall`, milliseconds.
timings-untrusted = このブラウザのGPUタイムスタンプは、実時間では{ $wall } msしか経っていない間に{ $gpu } msの幅を示したため、信頼できません。ここから先、GPUの列は送信からビンが戻るまでの実時間です。
