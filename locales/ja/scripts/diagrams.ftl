# The chapters' diagrams: the drawing of what each kernel does (www/diagram.js), and
# the step-through diagram, its stage, code pane and narration (www/step-diagram.js,
# diagram-stage.js, diagram-code.js, diagram-words.js). Kernel, function and WGSL
# names (atomicAdd, subgroupBallot, channelMult, chunks.wgsl) stay as they are.

## The drawing of each kernel: its caption, by method

diagram-caption-cpu = 1つのループがピクセルを順に読み、それぞれのビンに1を加えます。
diagram-caption-single = GPUの1つの呼び出しがループを実行します。正確ですが、GPUの何千ものスレッドのうち1つしか使いません。
diagram-caption-race = ピクセルごとに1つの呼び出しが、すべて同時に動きます。同じビンを同時に読んだ2つの呼び出しは、どちらも古い値に1を足した値を書き込むので、カウントが1つ失われます。
diagram-caption-atomic = 同じ処理を、各加算をatomicAddにして行います。メモリは加算を1つずつ受け付けるので何も失われず、同じ色のピクセルは順番を待ちます。
diagram-caption-chunks-sum = 各ワークグループが自分のチャンクを、高速なワークグループメモリ上の専用のビンで数えてから書き出します。その後1つのワークグループが、すべてのチャンクのビンをビンごとに合計します。
diagram-caption-chunks-reduce = 同じチャンクをペアで足し、さらにペアのペアを足していきます。パスごとに行が半分になり、多くのワークグループが働き続けます。
diagram-caption-privatized = 少数のワークグループが、それぞれ画像全体にわたって多くのピクセルをたどってプライベートなビンで数え、最後にアトミック操作で一度だけ結果に加えます。チャンクの行も、2つ目のパスもありません。
diagram-caption-packed = 各呼び出しがバッファから一度に4ピクセルをロードします。ワークグループはビンの複製を持つので、呼び出し同士が同じビンに加算することはめったにありません。
diagram-caption-subgroups = 8レーンのサブグループが2つあり、各レーンが1ピクセルを受け持ちます。1つ目は空の中にあります。すべてのレーンが最初のレーンと同じ色で、投票もそれを示すので、最初のレーンがその色の各ビンに一度に8を加えます。2つ目は草の上にあります。投票の結果は不一致となり、プライベート化カーネルと同じく、各レーンが自分のビンに1を加えます。
diagram-caption-gpu-draw = ビンはGPU上に留まります。スケールパスが各チャンネルでカウントが最も多いビンを見つけ、チャンネルごとに1つのスケールを書き込みます。次にフラグメントシェーダーが、キャンバスのピクセルごとに1回、その列のビンを読んでスケールを掛け、ピクセルがその高さより下にあれば色を付けます。
diagram-caption-fragment = 画像を覆う三角形。ラスタライザーが生成する各フラグメントが自分のピクセルを読み、コンピュートの呼び出しと同じようにatomicAddを行います。
# A four-channel chapter's caption: the method's, then a sentence more.
diagram-caption-four-channels = { $caption }4チャンネルでは、各ピクセルがR、G、Bと輝度の4つのビンに加算します。
diagram-scrolls = 図（狭い画面では横にスクロールします）

## The drawing's labels

diagram-label-every-pixel-loop = 1つのループで全ピクセル
diagram-label-bins-ordinary = ビン（通常のメモリ）
diagram-label-invocations-one = GPUの呼び出し：働くのは1つ
diagram-label-every-pixel-one = その1つで全ピクセル
diagram-label-bins-storage = ストレージメモリ上のビン
diagram-label-bins-atomic = ストレージメモリ上のアトミックなビン
diagram-label-invocation-a-pixel = ピクセルごとに呼び出し1つ
diagram-label-race-note = 同時に3回加算：カウントは1
diagram-label-atomic-note = atomicAdd：3回加算、カウントは3
diagram-label-two-workgroups = 2つのワークグループ（順番に）
diagram-label-workgroup-bins = ワークグループ{ $workgroup }のビン
diagram-label-atomic-once = atomicAdd（ビンごとに1回）
diagram-label-four-pixels = 1回のロードで4ピクセル
diagram-label-copy-first = ビンの複製1
diagram-label-copy-second = 複製2
diagram-label-result = 結果
diagram-label-subgroup-sky = 空の中のサブグループ
diagram-label-subgroup-grass = 草の上のサブグループ
diagram-label-alike-yes = すべて同じ：はい
diagram-label-alike-no = すべて同じ：いいえ
diagram-label-leader-adds = リーダー：8を加えるatomicAddが1回
diagram-label-lanes-add = 8レーン：1を加えるatomicAddが{ $adds }回
# Part 2's drawing: the scale pass (scale and tallest are its WGSL's names) and the draw.
diagram-label-counted-bins = 数えたビン（ストレージ）
diagram-label-scale-formula = scale = 1 / tallest
diagram-label-one-a-channel = チャンネルごとに1つ
diagram-label-after-scale = スケールパスの後
diagram-label-scale = スケール
diagram-label-draw = 描画
diagram-label-canvas = キャンバス（フラグメントが描画）
diagram-label-fragment-a-pixel = ピクセルごとにフラグメント1つ
diagram-label-workgroup-a-chunk = チャンクごとにワークグループ1つ
diagram-label-chunk-bins = 各チャンクのビン
diagram-label-pairs-added = ペアを加算
diagram-label-one-adds-all = 1つのワークグループがすべてを加算

## The step-through diagram's words: where a value lives, who does what

diagram-bin = ビン{ $bin }
# A bin of one channel; the channel is its letter, R, G, B or L.
diagram-channel-bin = { $channel }のビン{ $bin }
diagram-memory-scale = スケール（チャンネルごとに1つ）
diagram-memory-tallest = 最も高いビン（result.tallest）
diagram-memory-local = そのワークグループの{ $bin }
# The packed kernel's copies of each bin in workgroup memory.
diagram-memory-copy = そのワークグループのビン{ $bin }の複製{ $copy }
diagram-memory-channel-copy = そのワークグループの{ $channel }のビン{ $bin }の複製{ $copy }
diagram-memory-chunk = チャンク{ $chunk }の{ $bin }
diagram-function-reduce = サブグループのリデュース
diagram-function-unknown = サブグループ関数
diagram-who-single = 唯一の呼び出し
diagram-who-scale = スケールパスの唯一の呼び出し
diagram-who-fragment = フラグメント({ $x }, { $y })
diagram-who-lane = サブグループ{ $subgroup }のレーン{ $lane }
diagram-who-invocation = ワークグループ{ $workgroup }の呼び出し{ $invocation }
diagram-who-local = ワークグループ({ $x }, { $y })、ローカルID({ $localX }, { $localY })

## A step in a sentence: $who is an invocation (diagram-who-*), $memory where a value lives

diagram-step-none = 再生を押すか、1命令ずつステップ実行してください。
# Before the first instruction, while playing.
diagram-step-starting = 最初の命令から再生しています。
# $kernel is the kernel's name (chunks, sum, reduce...).
diagram-step-start = { $kernel }パスのワークグループ({ $x }, { $y })が開始します：{ $count ->
       *[other] { $size }個の呼び出しが動き始めます
    }。
diagram-step-start-lanes = { $kernel }パスのワークグループ({ $x }, { $y })が開始します：{ $size }個の呼び出しが、{ $lanes }レーンのサブグループに分かれて動き始めます。
diagram-step-start-fragment = フラグメント({ $x }, { $y })が開始します：ラスタライザーがピクセル({ $x }, { $y })の中心に生成したものです。
diagram-step-start-scale = スケールパスが開始します：呼び出し1つからなるワークグループ1つが、すべてのビンをたどります。
diagram-step-start-canvas = フラグメント({ $x }, { $y })が開始します：ラスタライザーがキャンバスのピクセル({ $x }, { $y })の中心に生成したもので、そこでのクワッドのテクスチャ座標は({ $u }, { $v })です。
# $colour: red, green, blue, as numbers.
diagram-step-pixel = { $who }がピクセル({ $x }, { $y })を読みます。色は{ $colour }です。
diagram-step-pixels = { $who }が、ピクセル({ $x }, { $y })から{ $pixels }ピクセルを1つのvec4uでロードします（1ピクセルがRGBA8の1つのu32）。最初のピクセルの色は{ $colour }です。
diagram-step-load = { $who }が{ $memory }をロードします：{ $value }。
# $scale and $heights: a channel's letter and its number, for each channel.
diagram-step-fetch = { $who }がチャンネルごとのスケール（{ $scale }）をロードし、自分のビンのカウントに掛けます。棒の高さは{ $heights }で、1がキャンバスの上端です。
diagram-step-put-scale = { $who }がスケールをストアします。チャンネルごとにmax(1 / tallest, 0.2 × numBins / numEntries)で、{ $scale }です。最も高い棒は、平均的なビンの5倍を超えない限り上端に届きます。
diagram-step-put-tallest = { $who }は、スタジオの対数スケールのために、最も高いビン（{ $tallest }）もストアします。
# $bars: diagram-bars-above; $shown: the channels' letters; $colour: rgb(r, g, b) or diagram-transparent.
diagram-step-colour = { $who }が各棒の高さを自分の高さと比べます：{ $bars }。channelMultは{ $shown }を残すので、マスクは{ $mask }となり、16色のうち色{ $mask }を自分のピクセルに書き込みます：{ $colour }。
# $bars: the channels' letters, $count of them.
diagram-bars-above = { $count ->
        [0] 自分の高さ{ $height }より上に届く棒はありません
       *[other] { $bars }の棒が自分の高さ{ $height }より上に届きます
    }
diagram-transparent = 透明
diagram-step-peek = { $who }がatomicLoadで{ $memory }を読みます：{ $value }。
diagram-step-store = { $who }が{ $memory }に{ $value }をストアします。
diagram-step-store-lost = { $count ->
       *[other] { $who }が{ $memory }に{ $value }をストアします。この呼び出しが{ $loaded }をロードした後に、別の呼び出しがそこに{ $other }をストアしていたため、{ $lost }個のカウントが失われます。
    }
diagram-step-store-back = { $who }が{ $memory }の{ $other }を上書きして{ $value }をストアします。先に失われたカウントが戻ります。
diagram-step-hold = { $who }が{ $memory }に対してatomicAddを開始します。ビンは確保され、それを使いたいほかの呼び出しは待機します。
diagram-step-wait = { $who }は待機します：{ $memory }は別の呼び出しのatomicAddが確保しています。
diagram-step-add = { $who }が{ $by }を加えます：{ $memory }は{ $value }になり、解放されます。
# $function: a subgroup function's WGSL name, or diagram-function-*.
diagram-step-vote = { $who }は{ $function }に到達しました。サブグループのレーンはこれを一緒に実行するので、サブグループ{ $subgroup }の残りのレーンを待ちます。
diagram-step-voted-pixels = サブグループ{ $subgroup }のレーンが一緒に{ $function }を実行します：{ $size }レーンのうち{ $lanes }レーンがピクセルを持っています。
diagram-step-voted-active = サブグループ{ $subgroup }のレーンが一緒に{ $function }を実行します：{ $size }レーンのうち{ $lanes }レーンがアクティブで、その中で番号が最も小さいレーンがリーダーになります。
diagram-step-voted-first = サブグループ{ $subgroup }のレーンが一緒に{ $function }を実行します：これで、すべてのレーンが最初のレーンの色{ $colour }を持ちます。
diagram-step-voted-value = サブグループ{ $subgroup }のレーンが一緒に{ $function }を実行します：すべてのレーンが{ $value }を受け取ります。
diagram-step-voted-apart = サブグループ{ $subgroup }のレーンが一緒に{ $function }を実行します：ピクセルを持つレーンがすべてレーン0と同じ色ではないので、{ $lanes }レーンのそれぞれが、プライベート化カーネルと同じく、自分のピクセルの各ビンに1を加えます。
diagram-step-voted-none = サブグループ{ $subgroup }のレーンが一緒に{ $function }を実行します：どのレーンもピクセルを持たないので、何も加算しません。
diagram-step-voted-alike = サブグループ{ $subgroup }のレーンが一緒に{ $function }を実行します：ピクセルを持つすべてのレーンがレーン0と同じ色なので、リーダーのレーン0が{ $lanes }レーン全員の分として、自分の各ビンに{ $lanes }を一度だけ加えます。
diagram-step-barrier = { $who }がworkgroupBarrier()に到達し、ワークグループの残りを待ちます。
diagram-step-released = ワークグループ({ $x }, { $y })の最後の呼び出しがバリアに到達しました。全員が先に進みます。
diagram-step-return = { $who }は画像の外にあるので、何もせずに戻ります。
diagram-step-return-unpaired = { $who }：このステップでは、チャンク{ $chunk }にはストライド{ $stride }の相手がいません。ここで戻り、後のステップで加算されます。
diagram-step-done = { $who }は完了しました。
# A line that computes: $line its number, $does what it does (diagram-does-*).
diagram-step-line = { $who }、{ $line }行：{ $does }。
diagram-step-line-idle = { $who }、{ $line }行：{ $does }（ピクセルを持たないので色は黒で、何も加算しません）。

## What a kernel's line does, said of the invocation on it

diagram-does-position-global = グローバルIDを自分のピクセルの位置として使います
diagram-does-position-fragment = フラグメントの位置（ピクセルの中心）を切り捨てて、自分のピクセルとします
diagram-does-inside-picture = 位置が画像の内側にあるかを確認します：内側です
diagram-does-position-chunk = 自分のピクセルを求めます：チャンクの角にローカルIDを足した位置です
diagram-does-next-row = 次の行に進みます
diagram-does-next-pixel = 行の次のピクセルに進みます
diagram-does-next-channel = ピクセルの次のチャンネルに進みます
diagram-does-chunk-index = ワークグループIDから、自分のチャンクのインデックスを求めます
diagram-does-next-bin-copied = 次にコピーするビンを決めます：ローカルインデックスから始めて、チャンクサイズおきに
diagram-does-bin-global = グローバルIDを、合計するビンとして使います
diagram-does-next-eight-chunks = 次の8つのチャンクに進みます
diagram-does-next-chunk = 次のチャンクに進みます
diagram-does-add-partials = 8つの部分和を合計します
diagram-does-pair = 自分のペアを求めます：chunk0 = pair × stride × 2、chunk1 = chunk0 + stride
diagram-does-second-chunk = ペアに2つ目のチャンクがあるかを確認します：あります
diagram-does-next-bin-added = 次に加算するビンを決めます
diagram-does-next-round = ループの1周を始めます：ワークグループの次の256ピクセルを、レーンごとに1つ
diagram-does-has-pixel = この周で自分にピクセルがあるかを確認します
diagram-does-colour-bin = このチャンネルでの自分の色のビンを求めます
diagram-does-leader = 自分がサブグループのリーダーかを調べます：最初のアクティブなレーン、つまりブロードキャストで配られた色の持ち主かどうかです（ここのようにすべてのレーンがアクティブならレーン0）
diagram-does-agreed = サブグループの意見が一致しました：リーダーが全レーンの分を加算し、ほかのレーンは何も加算しません
diagram-does-disagreed = サブグループの意見は一致しませんでした：ピクセルを持つレーンは、自分の分として1を加えます
diagram-does-next-bin-out = 次に書き出すビンを決めます：ローカルインデックスから始めて、256個おきに
diagram-does-not-empty = 結果に加える前に、ビンが空でないことを確認します
diagram-does-tallest-start = 各チャンネルの最大値の初期値を1にします。空のヒストグラムでも、0ではなく1で割るようにするためです
diagram-does-next-bin = 次のビンに進みます
diagram-does-next-bin-channel = ビンの次のチャンネルに進みます
diagram-does-tallest-max = チャンネルのそれまでの最大値とこのカウントのうち、大きいほうを残します
diagram-does-column-bin = 自分の列が表すビンを求めます：テクスチャ座標のxにビンの数を掛けて切り捨てた値です
diagram-does-counts-start = 自分のビンのカウントの開始位置を求めます：bin × channels
diagram-does-four-channels = 4チャンネルなので、ビンのほかの3つのカウントもロードします
diagram-does-other = その行を実行します

## The step-through diagram's stage

diagram-slot-no-workgroup = ワークグループなし
diagram-slot-no-fragment = フラグメントなし
diagram-slot-one = 唯一のワークグループ
diagram-slot-fragment = フラグメント({ $x }, { $y })
diagram-slot-workgroup = ワークグループ{ $workgroup }
diagram-slot-workgroup-xy = ワークグループ({ $x }, { $y })
# An invocation's local id, short.
diagram-local-id = lid { $x }
diagram-local-id-xy = lid { $x },{ $y }
# Where a value lives, short (b: a bin, c: a chunk); the packed kernel's copy of a bin.
diagram-short-bin = b{ $bin }
diagram-short-chunk = c{ $chunk }·{ $bin }
diagram-short-copy = b{ $bin }·{ $copy }
# What an invocation is doing, on its badge; its first letter stands for it where the badge is a dot.
diagram-badge-waiting = 待機
diagram-badge-barrier = バリア
diagram-badge-holding = 確保
diagram-badge-returned = 戻る
diagram-badge-done = 完了
# Before the dots' legend ("● w: waits · ● b: barrier").
diagram-dots = ドットの意味：
diagram-workgroup-memory = ワークグループメモリ上のビン
diagram-workgroup-memory-short = ワークグループメモリ
diagram-picture = 画像、{ $width }×{ $height }
diagram-picture-counted = 画像、{ $width }×{ $height }、カウント済み
diagram-storage-bins = ビン（ストレージ）
diagram-storage-chunks = チャンク{ $chunks }個（ストレージ）、1列に1つ
diagram-canvas = キャンバス、{ $width }×{ $height }
# A subgroup's label, short, and what its lanes' functions answered (wrapped after the colon where narrow).
diagram-subgroup-short = sg { $subgroup }
diagram-vote-pixels = ピクセルあり：{ $lanes }レーン
diagram-vote-pixels-sent = ピクセルあり：{ $lanes }レーン、色を配布
diagram-vote-apart = 不一致：{ $lanes }レーンが各自で加算
diagram-vote-alike = 一致：レーン0が{ $lanes }を加算
diagram-vote-none = ピクセルなし：加算なし
diagram-code-invocations = { $invocations }個の呼び出し

## The step-through diagram's player: its code pane, its pass, where it is, its controls

# $kernel: the kernel's name; its file is <name>.wgsl.
diagram-code-title = { $kernel }.wgsl、{ $stage ->
        [fragment] フラグメントシェーダー
       *[compute] エントリーポイント
    }
diagram-code-title-edited = 編集した{ $kernel }.wgsl（カーネルラボのテキスト）、エントリーポイント
# The code pane's title, and how many of the lines invocations are on it cannot show.
diagram-code-more = { $title }（ほかに強調表示された行：{ $where ->
        [above] 上に{ $above }行
        [below] 下に{ $below }行
       *[both] 上に{ $above }行、下に{ $below }行
    }）
diagram-code-label = カーネル（各呼び出しのいる行に印付き）
# The pass played: $work is diagram-pass-fragment, -draw, -workgroups, -subgroups, or -idle(-lanes) around one of them.
diagram-pass = パス{ $pass }/{ $passes }：{ $kernel }、{ $work }。
diagram-pass-stride = パス{ $pass }/{ $passes }：{ $kernel }、ストライド{ $stride }、{ $work }。
diagram-pass-fragment = ビューポートを覆う三角形：{ $fragments }個のフラグメント（ピクセルごとに1つ）、それぞれがフラグメントシェーダーの1つの呼び出し
diagram-pass-draw = { $width }×{ $height }のキャンバスを覆うクワッド：{ $fragments }個のフラグメント（ピクセルごとに1つ）、それぞれがフラグメントシェーダーの1つの呼び出し（GPUは多数を同時に実行しますが、ここでは1つずつ再生します）
diagram-pass-workgroups = { $groupCount ->
       *[other] ワークグループ{ $groups }個
    }（{ $sizeCount ->
       *[other] それぞれ呼び出し{ $size }個
    }）
diagram-pass-subgroups = { $groupCount ->
       *[other] ワークグループ{ $groups }個
    }（{ $sizeCount ->
       *[other] それぞれ呼び出し{ $size }個
    }）、{ $lanes }レーンのサブグループ
diagram-pass-idle = { $work }。各{ $size }個のうち{ $idle }個はピクセルを読まず、どのビンにも加算しないので、描画するのは{ $drawn }個です
diagram-pass-idle-lanes = { $work }。{ $all }個のうち{ $idle }個は、ピクセルも書き出すビンもないサブグループにあります。投票はしますが、何も加算せず、描画されません
# Where the player is, then what that instruction did (diagram-step-*).
diagram-now = 命令{ $at }/{ $steps }。{ $step }
# $counts: the bins' counts.
diagram-stage-kernel = { $width }×{ $height }の画像に対する{ $method }カーネル、命令{ $at }/{ $steps }の後：ビン{ $counts }。
diagram-stage-draw = { $width }×{ $height }の画像のビンに対するスケールパスと描画パス、命令{ $at }/{ $steps }の後：キャンバスの{ $pixels }ピクセルのうち{ $drawn }ピクセルを描画済み。
diagram-scrub-at = 命令{ $at }/{ $steps }
diagram-play = 再生
diagram-pause = 一時停止
diagram-play-again = もう一度再生
diagram-rewind = 先頭に戻る
diagram-back = 1命令戻る
diagram-forward = 1命令進む
diagram-end = 最後へ
diagram-speed = 速度
diagram-scrub = 命令
diagram-controls = 図の操作
diagram-own = このステップのカーネルに戻る
diagram-slots = 同時に動くワークグループ数
diagram-slots-short = 同時実行
diagram-lanes = サブグループのレーン数
diagram-seed = シード
diagram-seed-label = 実行順序のシード
diagram-again = 別の実行順序
# The channels channelMult lets the canvas show, and its value.
diagram-shown = channelMult：キャンバスが表示するチャンネル
diagram-shown-rgb = R、G、B：(1, 1, 1, 0)
diagram-shown-luminance = 輝度：(0, 0, 0, 1)
diagram-shown-all = 4つすべて：(1, 1, 1, 1)

## The simulation set beside this GPU's run

# Two sentences, one after the other.
diagram-sentences = { $first }{ $second }
# $counts: the bins' counts.
diagram-result = シミュレーション、{ $width }×{ $height }の画像、ビン{ $bins }個：{ $counts }。
diagram-result-draw = シミュレーション：{ $width }×{ $height }の画像のビン（{ $counts }）に対するスケールパスと、{ $shown }を表示する{ $canvasWidth }×{ $canvasHeight }のキャンバスへの描画。{ $pixels }ピクセルのうち{ $coloured }ピクセルに色が付きました。
# $verdict: diagram-verdict-*, set apart in its colour.
diagram-result-gpu = このGPUでの{ $method }カーネル、同じ{ $same ->
        [lanes] 画像とビン
        [fragments] 画像、ビン、フラグメント
        [chunks] 画像、ビン、チャンク
       *[workgroups] 画像、ビン、ワークグループ
    }：{ $counts } { $verdict }
diagram-result-gpu-edited = このGPUでの編集したカーネル、同じ{ $same ->
        [lanes] 画像とビン
        [fragments] 画像、ビン、フラグメント
        [chunks] 画像、ビン、チャンク
       *[workgroups] 画像、ビン、ワークグループ
    }：{ $counts } { $verdict }
diagram-result-draw-gpu = このGPUでのスケールパスと描画パス、同じビンとキャンバス：{ $pixels }ピクセルのうち{ $same }ピクセルが同じ { $verdict }。
diagram-verdict-equal = ✓{ "\u00A0" }一致
diagram-verdict-differ = ✗{ "\u00A0" }不一致
diagram-verdict-pixels-differ = ✗{ "\u00A0" }{ $pixels }ピクセルが不一致
diagram-verdict-race-same = （同じ結果：今回はGPU自身の実行順序でもシミュレーションと同じカウントが失われたか、どちらも何も失いませんでした）。
diagram-verdict-race-own = （GPU自身の実行順序による結果：GPUは、そのときのタイミング次第でカウントを失います）。
diagram-tally-gpu = このGPUでは、カーネルは{ $lanes }レーンのサブグループで実行され、ワークグループメモリへのatomicAddを{ $adds }回行いました。
# $played: the subgroup sizes the simulator plays.
diagram-tally-unplayed = シミュレーターが再生できるのは{ $played }レーンのサブグループで、{ $lanes }レーンではありません。
diagram-tally-choose = { $lanes }レーンを選ぶと、シミュレーションを並べて表示します。
diagram-tally-simulated = { $lanes }レーンのサブグループのシミュレーションでは{ $adds }回でした：{ $verdict }。
# The race: what its interleaving lost; $losses is a list of diagram-loss.
diagram-losses-none = シード{ $seed }では、同じビンで重なった呼び出しはなく、何も失われませんでした。別の実行順序を試してください。
diagram-losses-none-alone = シード{ $seed }で同時に1つのワークグループだけを動かすと、同じビンで重なった呼び出しはなく、何も失われませんでした。1つずつなら、重なることはありません。
diagram-losses = { $count ->
       *[other] シード{ $seed }のこの実行順序では、{ $pixels }個のうち{ $lost }個のカウントが失われました：{ $losses }。
    }
diagram-loss = { $who }が{ $bin }から{ $loaded }をロードして{ $stored }をストアしましたが、その前に別の呼び出しがすでに{ $other }をストアしていました（{ $lost }個が消失）
