# The scopes: the studio's (www/studio-scopes.js) and the scope chapters' pages,
# waveform, parade and vectorscope (www/scope-page.js).

## Shared by both
scope-log = 対数
scope-gain = ゲイン
scope-png-failed = PNGを作成できませんでした：{ $error }
scope-json-failed = JSONを作成できませんでした：{ $error }
# The vectorscope's colour-bar targets, as src/scope/plot.rs names them on its graticule.
scope-target-r = R
scope-target-yl = Yl
scope-target-g = G
scope-target-cy = Cy
scope-target-b = B
scope-target-mg = Mg

## The studio's scopes (www/studio-scopes.js)
scope-title-waveform = ウェーブフォーム
    .aria-label = 数えたピクセルのウェーブフォーム
scope-title-parade = RGBパレード
    .aria-label = 数えたピクセルのRGBパレード
scope-title-vectorscope = ベクトルスコープ
    .aria-label = 数えたピクセルのベクトルスコープ
scope-luma = ルマ
scope-rgb-overlaid = R、G、Bを重ねて表示
scope-decoded = デコード直後のY′
scope-full-size = フルサイズで表示
scope-back = パネルに戻る
scope-png = PNG
scope-json = JSON
scope-legend = スコープ
scope-waveform-channels = ウェーブフォーム
scope-yrgb = ルマ付きパレード（YRGB）
scope-codes = 目盛り
scope-codes-sdr = SDR（%）
scope-codes-pq = PQ（ニト）
scope-codes-hlg = HLG（ニト）
scope-codes-too-large = この HDR 動画は、ページが 10 ビットのコードを読む上限の { $mb } MB より大きいため、スコープはブラウザーの 8 ビットの画像を読みます。
scope-codes-other-kind = ページが HDR 動画の 10 ビットのコードを読むのは VP9 または AV1 の WebM・MP4 ファイルからです。この動画では、スコープはブラウザーの 8 ビットの画像を読みます。
scope-codes-eight-bit = このブラウザーはこの HDR 動画を 8 ビットの画像にしかデコードしないため、スコープは 10 ビットのコードではなくその画像を読みます。
scope-zoom = ベクトルスコープを2倍に拡大
scope-lines = 基準線
scope-lines-unread = “{ $word }” はレベル（0–255）でもパーセント（0%–100%）でもありません。線はそのままです。
# What the waveform's luma is, where Y′ as decoded was asked for.
scope-luma-decoded = デコードされたままのルマのウェーブフォーム：各ピクセルのY′のコードで、コード16が0%、235が100%です。画像のR′G′B′ではクリップされてしまう黒より下と白より上の値は、色付きの帯に表示されます。
scope-luma-not-planes = このフレームはここではY′CbCrのプレーンとして届かなかったため（ブラウザがRGBで渡しました）、ウェーブフォームのルマはR′G′B′から計算しています。
scope-luma-picture = デコードされたままのルマは動画のものです。動画を再生してください。画像のルマはR′G′B′から計算します。
# $every: how many frames apart a scope is drawn ("2", "3"...).
scope-cadence = このブラウザのWebGPUはCPU上で動いています。動画のペースを保つため、動画では各スコープを{ $every }フレームごとに描き直します。
scope-show-failed = スコープを表示できませんでした：{ $error }

## A scope chapter's page (www/scope-page.js); $scope is the page's scope.
scope-page-play-video = 動画を再生
scope-page-use-camera = カメラを使う
scope-page-time-again = もう一度計測
scope-page-download-png = PNGをダウンロード
scope-page-download-json = JSONをダウンロード
scope-page-channel-r = R
scope-page-channel-g = G
scope-page-channel-b = B
scope-page-channel-luma = ルマ
scope-page-grid = グリッド
scope-page-zoom = 2倍に拡大
scope-page-yrgb = ルマを先頭に（YRGB）
scope-page-channels = チャンネル：
scope-page-decoded = 動画のルマをデコードされたまま使う（Y′、ビデオレベル）
scope-page-loading = 読み込んでいます…
scope-page-picture-label = 画像
scope-page-drop-hint = ここ、またはページのどこにでも画像や動画をドロップできます。
scope-page-scope-label = { $scope ->
        [waveform] 画像のウェーブフォーム
        [parade] 画像のパレード
       *[vectorscope] 画像のベクトルスコープ
    }
scope-page-choose-file = 画像または動画を選ぶ…
scope-page-wgsl-kernel = このカーネルのWGSL
scope-page-wgsl-draw = 描画のWGSL
# Under the scope: what its axes and lines are.
scope-page-caption-waveform = x：画像の列 · y：値（下端が0） · 線は10%ごと
scope-page-caption-waveform-video = x：画像の列 · y：Y′のコード（下端が0） · 線はビデオレベル（コード16〜235）の10%ごと
scope-page-caption-parade = R、G、Bのウェーブフォームを並べて表示 · 線は10%ごと
scope-page-caption-parade-yrgb = ルマ、R、G、Bのウェーブフォームを並べて表示（YRGB） · 線は10%ごと
scope-page-caption-waveform-nits = x：画像の列 · y：コード値（下端が0） · 線はそのコードでディスプレイが出す明るさ（ニト） · 203：基準白
scope-page-caption-parade-nits = R、G、Bのウェーブフォームを並べて表示 · 線はそのコードでディスプレイが出す明るさ（ニト） · 203：基準白
scope-page-caption-parade-yrgb-nits = ルマ、R、G、Bのウェーブフォームを並べて表示（YRGB） · 線はそのコードでディスプレイが出す明るさ（ニト） · 203：基準白
scope-page-caption-vectorscope = 右が+Cb、上が+Cr · 枠：75%と100%のカラーバー · 線：スキントーン
scope-page-caption-vectorscope-nits = 右が+Cb、上が+Cr（BT.2020の行列で読む） · 枠：BT.2020の75%と100%のカラーバー · 線：スキントーン
# What the waveform's luma is, where Y′ as decoded was asked for.
scope-page-luma-decoded = デコードされたままのルマ：各ピクセルのY′のコードで、コード16が0%、235が100%です。画像のR′G′B′ではクリップされてしまう黒より下と白より上の値は、色付きの帯に表示されます。
scope-page-luma-not-planes = このフレームはここではY′CbCrのプレーンとして届かなかったため（ブラウザがRGBで渡しました）、ルマはR′G′B′から計算しています。
scope-page-luma-picture = デコードされたままのY′は動画のものです。動画を再生してください。画像のルマはR′G′B′から計算します。
# The source's name and size, under the picture.
scope-page-caption = { $name }、{ $width }×{ $height }
scope-page-video-unnamed = 動画
scope-page-video-name = このプロジェクトの動画
scope-page-sunset-name = 夕焼け（このプロジェクトで作成）
# What a refused video or camera leaves in place.
scope-page-kept = 前の画像または動画をそのまま使います。
scope-page-reading = { $name }を読み込んでいます…
scope-page-file-refused = { $error }前の画像または動画をそのまま使います。
# The scope's pass timed: $gpu, $wall and $warmup are times in words ("1.2 ms").
scope-page-time-gpu = { $scope ->
        [waveform] ウェーブフォーム
        [parade] パレード
       *[vectorscope] ベクトルスコープ
    }のパス：GPU上で{ $gpu }（{ $warmup } msカウントを続けた後、{ $runs }回実行した中央値、タイムスタンプクエリ） · カウントがCPUに戻るまで{ $wall }
scope-page-time-wall = { $scope ->
        [waveform] ウェーブフォーム
        [parade] パレード
       *[vectorscope] ベクトルスコープ
    }のパス：カウントが戻るまでの実時間で{ $wall }（{ $runs }回の中央値。{ $why }）
scope-page-draw-failed = { $scope ->
        [waveform] ウェーブフォーム
        [parade] パレード
       *[vectorscope] ベクトルスコープ
    }を描画できませんでした：{ $error }
scope-page-count-failed = ここでは{ $scope ->
        [waveform] ウェーブフォーム
        [parade] パレード
       *[vectorscope] ベクトルスコープ
    }を数えられません：{ $error }
# A video's rate: $fps, the frames in the last second (for the plural), $rate the same in figures.
scope-page-rate = { $fps ->
       *[other] 毎秒{ $rate }フレーム
    }。各フレームをGPUで数えて描画しています。
# Without WebGPU, after the site's "This page needs WebGPU, and (why)."
scope-page-command-line = コマンドラインでも同じ{ $scope ->
        [waveform] ウェーブフォーム
        [parade] パレード
       *[vectorscope] ベクトルスコープ
    }を描けます：<code>histogram scope --{ $scope }</code>。
scope-hold = B として保持
scope-let-go = B を解除
scope-held = B: { $moment }
scope-held-alt = B として保持した{ $scope }: { $moment }
scope-hold-failed = スコープを保持できませんでした: { $error }

# スコープ専用のウィンドウ (www/studio-scope-window.js)。2 台目のモニター用。
scope-window-open = スコープを別ウィンドウで
scope-window-close = スコープをページに戻す
scope-window-title = スコープ
scope-window-blocked = スコープのウィンドウを開けませんでした: このサイトのポップアップを許可して、もう一度お試しください。
