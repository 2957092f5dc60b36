# The studio and the chapters built on it (equalize, CLAHE, auto-levels, Otsu):
# the page (www/studio.js), its histogram panel, adjustment, region, statistics,
# HDR exposure and the equalize chapter's CPU steps. Its scopes: scopes.ftl.

## The page (www/studio.js)
studio-use-camera = カメラを使う
studio-play-video = このプロジェクトの動画を再生
studio-try-gpu-again = GPUをもう一度試す
studio-decode-times = この GPU ではスキャンを 4 段階でデコードしました：区間の同期 { $sync } ms、係数の書き込み { $write } ms、IDCT { $idct } ms、プレーンから画素へ { $planes } ms。
studio-loading = 読み込んでいます…
studio-picture-label = 画像
studio-choose-file = 画像または動画を選ぶ…
studio-drop-hint = ここに画像や動画をドロップするか、貼り付けてください。画像の上をドラッグするとその領域を数え、Escキーで全体を数えます。動画では、SpaceキーかKキーで再生と一時停止、矢印キーで1フレームずつ移動、ダブルクリックで再生と一時停止を切り替えます。
studio-panel-section = ヒストグラムパネル
studio-options-section = オプション
studio-wgsl-adjust = WGSL：ヒストグラムから作るテーブルと、再マッピング
studio-wgsl-studio = WGSL：カウント、パネル、画像
# The project's own sources, by name (captions, and the stem of exported files).
studio-sunset-name = 夕焼け（このプロジェクトで作成）
studio-video-name = このプロジェクトの動画
studio-video-unnamed = 動画
# What a refused video or camera leaves in place.
studio-kept = 前の画像または動画をそのまま使います。
studio-reading = { $name }を読み込んでいます…
studio-file-refused = { $error }前の画像をそのまま使います。
studio-draw-failed = スタジオで描画できませんでした：{ $error }
studio-read-failed = ヒストグラムを読み取れませんでした：{ $error }
# $counter: what counts, as pass-name-kernel or pass-name-frame-pass word it.
studio-caption-video = { $name }、{ $width }×{ $height }、{ $counter }でカウント
# $format: how the file was stored ("PNG", "JPEG"...), as the core names it.
studio-caption-picture = { $name }、{ $width }×{ $height }（{ $format }）
studio-caption-generated = { $name }、{ $width }×{ $height }
studio-caption-picture-profile = { $name }、{ $width }×{ $height }（{ $format }）。このブラウザがファイルを表示するとおりにカラープロファイル（{ $profile }）を通して表示し、保存された値のまま数えます
studio-caption-generated-profile = { $name }、{ $width }×{ $height }。このブラウザがファイルを表示するとおりにカラープロファイル（{ $profile }）を通して表示し、保存された値のまま数えます
# The pixel under the pointer.
studio-pixel-hint = 画像にポインターを合わせると、そのピクセルの保存された値を読み取れます。
studio-pixel-frame = x { $x }、y { $y }：このフレームのR { $r } · G { $g } · B { $b }（集計した値、0〜255）、デコード直後のY′ { $luma }
studio-pixel-frame-rgb = x { $x }、y { $y }：このフレームのR { $r } · G { $g } · B { $b }（集計した値、0〜255）
studio-pixel-unread = x { $x }、y { $y }：この画像のサンプルはページのメモリではなくブラウザまたはGPUが保持しているため、ここでは値を読み取りません。
studio-pixel-linear = x { $x }、y { $y }：R { $r } · G { $g } · B { $b } · A { $a }（リニア光）
studio-pixel-stored = x { $x }、y { $y }：R { $r } · G { $g } · B { $b } · A { $a }（0〜{ $max }の保存値）
# Without WebGPU: "(who) needs WebGPU, and (why)." is the site's; then what works instead.
studio-who-chapter = このページ
studio-who-studio = スタジオ
studio-cpu-instead = <a>CPUのページ</a>なら、どのブラウザでも画像を数えられます。
studio-steps-without-gpu = 下のCPUでの各ステップは、GPUがなくても動きます。
# $said: what the site says of the lost device.
studio-device-read-again = { $said }画像をファイルから読み込み直しました。
studio-device-failed = { $said }GPUが復帰したら、もう一度試してください。

## The histogram panel (www/studio-panel.js)
studio-channel-r = R
studio-channel-g = G
studio-channel-b = B
studio-channel-luminance = 輝度
panel-bins-float = この画像のサンプルは浮動小数点です。どのビン数を選んでも、その範囲を等分します（R、G、Bは0から最大のサンプルまで、輝度は段数で）。
panel-bins-deep = この画像はチャンネルあたり{ $depth }ビット、{ $levels }レベルです。どのビン数を選んでも、保存されたビット深度のまま数えます。
panel-bins-8 = ビンは最大256個です。8ビットのチャンネルのレベルは256しかなく、それ以上ビンを増やしても、埋まったビンの間に空のビンができるだけです。
panel-canvas-label = ヒストグラム。フォーカスして左右の矢印キーを使うと、各ビンを読み取れます。
panel-cap-note = 明るい上端：パネルより高い棒。
panel-readout-hint = ヒストグラムにポインターを合わせるか、フォーカスして矢印キーを使うと、ビンを読み取れます。
panel-pin = このヒストグラムを固定
panel-unpin = 固定を解除
panel-legend = パネル
panel-overlaid = 重ねて表示
panel-parade = パレード
panel-linear = リニア
panel-log = 対数
panel-cumulative = 累積
panel-bins = ビン数
panel-clipping = クリッピング警告
# The bin read: which it is and what it holds (a picture's stored levels, or an
# HDR picture's values: R, G, B linear, luminance in stops).
panel-bin = ビン{ $bin }（{ $bins }個中）
panel-bin-hdr = ビン{ $bin }（{ $bins }個中）、R、G、Bは{ $low }〜{ $high }、輝度は{ $stopsLow }〜{ $stopsHigh }段
# An HDR picture's panel, named with its scale: `channels`, studio-channel-* joined; `high`, `low`: values.
panel-name-hdr-linear = { $channels }、リニア 0〜{ $high }
panel-name-hdr-stops = { $channels }、{ $low }〜{ $high }段
panel-name-hdr-stops-short = { $channels }、段
panel-bin-empty = ビン{ $bin }（{ $bins }個中）に入るレベルはありません
panel-bin-level = ビン{ $bin }（{ $bins }個中）：レベル{ $level }（0〜{ $max }）
panel-bin-levels = ビン{ $bin }（{ $bins }個中）：レベル{ $low }〜{ $high }（0〜{ $max }）
# $bin: panel-bin's words; $counts: each channel's panel-readout-channel, joined by " · ".
# $half: which half of the panel, where an adjustment splits it.
panel-readout = { $half ->
        [before] 補正前：{ $bin }：{ $counts }
        [after] 補正後：{ $bin }：{ $counts }
       *[none] { $bin }：{ $counts }
    }
panel-readout-channel = { $channel } { $count }（{ $share }%、ここまでの累計{ $below }%）
# The clipping triangles: $shares, each channel's panel-clip-share, joined by ", ".
panel-clip-shadows = シャドウのクリップ（0）：{ $shares }
    .aria-label = シャドウのクリップ（0）：ピクセルのうち{ $shares }。画像にクリッピング警告を表示します。
panel-clip-highlights = ハイライトのクリップ（{ $top }）：{ $shares }
    .aria-label = ハイライトのクリップ（{ $top }）：ピクセルのうち{ $shares }。画像にクリッピング警告を表示します。
panel-clip-share = { $channel } { $share }%

## The adjustment (www/studio-adjust.js); the titles are src/adjust.rs's.
adjust-none = なし
adjust-title-equalize = ルマの平坦化
adjust-title-clahe = CLAHE
adjust-title-auto-levels = 自動レベル補正
adjust-title-otsu = 大津の二値化
adjust-download = 補正した画像をダウンロード（PNG）
adjust-curve-label = 元のレベルから新しいレベルへの対応
adjust-legend = 画像の補正
adjust-adjustment = 補正
adjust-tiles = タイル数
adjust-clip = クリップ制限
adjust-low = 下限（%）
adjust-high = 上限（%）
adjust-linked = チャンネルを連動
adjust-split = 補正前 | 補正後
# The halves' names on the panel.
adjust-before = 補正前
adjust-after = 補正後
adjust-panel-legend = 左：現在の画像のヒストグラム。右：補正後の画像のヒストグラムで、描画と同時にGPUで数えたものです。
adjust-table-equalize = 元のルマごとの新しいルマ：累積ヒストグラムを0〜255にスケールしたもの。
adjust-table-auto-levels = 元のレベルごとの新しいレベル（チャンネルごと）。
adjust-table-clahe = 元のルマごとの新しいルマ。タイルごとに1本の曲線（{ $tiles }タイル）で、各タイルのヒストグラムをクリップしてから平坦化したものです。
adjust-table-otsu = 大津のしきい値：ビン{ $threshold }より上のルマは白、それ以外は黒。
adjust-otsu-after = 補正後：白と黒だけになるので、ヒストグラムは0と255の2本の棒です。
adjust-otsu-after-counted = 補正後：白と黒だけになるので、ヒストグラムは0と255の2本の棒です。{ $blacks ->
       *[other] 黒が{ $black }ピクセル
    }（{ $blackShare }%）、白が{ $white }ピクセル（{ $whiteShare }%）。
# The curve's axes.
adjust-old-level = 元のレベル
adjust-new-level = 新しいレベル
# $field: the empty field's label.
adjust-needs-number = { $field }には数値が必要です
adjust-refused = { $error }。表示中の補正をそのまま使います。
adjust-download-failed = 補正した画像を作れませんでした：{ $error }

## The region (www/studio-region.js)
region-count-all = 全体を数える
region-legend = 領域（ピクセル）
region-label-x = X
region-label-y = Y
region-label-width = 幅
region-label-height = 高さ
region-field-x = 領域のX
region-field-y = 領域のY
region-field-width = 領域の幅
region-field-height = 領域の高さ
region-refused = { $error }。数えている領域をそのまま使います。
# $field: the field's label (region-label-*).
region-not-whole = { $field }は{ $least }以上の整数（ピクセル数）にしてください。数えている領域をそのまま使います。
region-fitted = { $x }, { $y }, { $width }×{ $height }は画像の{ $pictureWidth }×{ $pictureHeight }からはみ出しているため、{ $fitX }, { $fitY }, { $fitWidth }×{ $fitHeight }に合わせました。
region-past = { $x }+{ $width }、{ $y }+{ $height }は画像の{ $pictureWidth }×{ $pictureHeight }からはみ出しています。4つの値が収まるか、Enterキーを押すと（画像に収まるよう調整されます）、領域が適用されます。
# $field: the field's label (region-label-x or -y); $value: as typed.
region-outside = { $field } { $value }は画像の{ $pictureWidth }×{ $pictureHeight }の範囲外です。数えている領域をそのまま使います。

## The statistics and exports (www/studio-stats.js); rows by src/stats.rs's keys.
stats-row-pixels = ピクセル数
stats-row-mean = 平均
stats-row-std-dev = 標準偏差
stats-row-median = 中央値
stats-row-mode = 最頻値
stats-row-min = 最小
stats-row-max = 最大
stats-row-p1 = 1パーセンタイル
stats-row-p99 = 99パーセンタイル
stats-row-clipped-low-percent = 最初のビン（0）の割合
stats-row-clipped-high-percent = 最後のビン（255）の割合
stats-row-above-one-percent = 1.0超（SDRディスプレイではクリップ）
stats-caption = 数えたピクセルの統計
stats-caption-before = 数えたピクセルの統計（補正前）
stats-caption-hdr = 数えたピクセルの統計（ファイルのリニアな単位のサンプルから算出）
stats-caption-after = 補正後の画像の統計（右側に描画された画像全体）
stats-statistic = 統計量
stats-csv = ビン（CSV）
stats-json = 統計（JSON）
stats-png = パネル（PNG）
# Over the statistics in the panel's PNG.
stats-png-heading = { $source } · { $pixels }ピクセルをカウント · { $bins }ビン

## An HDR picture's exposure (www/studio-hdr.js)
hdr-stops = { $stops }段
hdr-as-stored = 保存値のまま
hdr-legend = HDR画像
hdr-exposure = 露出
hdr-exposure-why = サンプルはリニア光の値で、保存されたまま数えます。画像は、各サンプルに2^露出を掛け、ディスプレイと同じく1.0でクリップし、sRGBにエンコードして描画します。補正は描画された画像に対して働き、スケールがSDRのときはスコープも同じです。スケールがPQかHLGのとき、スコープは同じ光をBT.2100のコードとしてニトで読みます。色はsRGBの原色からBT.2020の原色に変換し（ベクトルスコープはBT.2020の行列で読みます）、1.0は203ニト（BT.2408の基準白）で、スケールのピークまではクリップしません。ヒストグラムは露出を変えても変わりません。
hdr-range = カウント範囲：R、G、Bは0〜{ $max }、輝度は{ $low }〜{ $high }段（{ $lowLinear }〜{ $highLinear }）。範囲外：下回る値が{ $below }個、上回る値が{ $above }個。NaNまたは無限大のサンプルを含むピクセルが{ $invalid }個。1.0超（SDRディスプレイがクリップする値）：輝度で{ $aboveOne }ピクセル。

## The exposure overlay (www/studio-overlay.js); the bands are src/scope/overlay.rs's.
overlay-legend = 露出オーバーレイ
overlay-kind = 画像の上に
overlay-off = なし
overlay-zebra = ゼブラ
overlay-false-colour = フォルスカラー
overlay-zebra-level = しきい値（%以上）
overlay-why = 表示どおりの各ピクセルの輝度（レベル 0–255、分割線の右は調整後の値）から描きます。ゼブラはカメラのゼブラと同じく、輝度がしきい値以上の所に縞を描きます。フォルスカラーは露出の帯ごとにその色で塗り、残りをグレーで示します。
overlay-zebra-marked = 縞: 数えたピクセルの{ $share }%（輝度レベル{ $level }以上、255 の{ $percent }%）。
overlay-counted = 帯ごとの、数えたピクセルに占める割合（ヒストグラムから）。
overlay-band-range = レベル { $fromLevel }–{ $toLevel }（{ $from }–{ $to }%）
overlay-band-share = { $share }%
overlay-band-crushed = 黒つぶれ
overlay-band-near-black = 黒のすぐ上
overlay-band-middle-grey = 中間グレー（18% グレーカード）
overlay-band-one-stop-over = 中間グレーの 1 段上
overlay-band-near-white = 白のすぐ下
overlay-band-clipped = 白飛び

## The equalize chapter's steps on the CPU (www/studio-steps.js)
steps-picture-label = 画像
steps-histogram-label = ルマのヒストグラムと、そこから作ったテーブル
steps-grey-label = ルマをグレーで表示
steps-grey-equalized-label = 平坦化したグレー
steps-colour-label = 平坦化したカラー画像
steps-picture = 1. 元の画像。
steps-histogram = 2. ルマのヒストグラム。青い線は、その累積から作ったテーブルで、元のルマそれぞれに対する新しいルマを表します。
steps-grey = 3. ルマをグレーで表示したもの。
steps-grey-equalized = 4. 平坦化したグレー。各レベルをテーブルで置き換えたものです。ヒストグラムは、ピクセル単位で可能な限り平らになります。
steps-colour = 5. 平坦化したカラー。R′、G′、B′を、ルマが動いたのと同じだけ動かします。上のGPUの画像はこれと同じものです。
steps-title = CPUで一歩ずつ
steps-intro = 記事は平坦化をまずCPUで、カラーの前にグレーで説明しています。ここでは同じステップを、このページのWebAssemblyで、コマンドラインツールと同じRustのコードから実行します。上のGPUは、何も読み戻さずに毎フレームステップ2と5を行います。
steps-too-large = 各ステップは{ $limit }メガピクセルまでの画像について描画します。この画像は{ $megapixels }メガピクセルです。
steps-video = 各ステップは静止画について描画します。動画は上のGPUで平坦化しています。
steps-time = このCPUでは、ヒストグラム、テーブル、3枚の画像に{ $ms } msかかりました（{ $pixels }ピクセル）。
