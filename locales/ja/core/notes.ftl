# What the core says of a picture (src/words.rs): its pages word these in the
# page's language, the command line and Python in English. $-arguments that are
# sizes ("4099x1") or decimals come as the core writes them; counts as numbers.

## How it was decoded (src/decode/)

note-grey = グレースケール：R、G、Bはいずれもグレーの値と同じです。
# $frames: how many frames the file holds.
note-animated-png = アニメーションPNG：全{ $frames }フレームのうち最初のフレームを数えます。
note-animated-png-still = 静止画像がアニメーションのフレームに含まれないアニメーションPNG：静止画像（アニメーション非対応のビューアーが表示する画像）を数えます。
note-animated-gif = アニメーションGIF：全{ $frames }フレームのうち最初のフレームを数えます。
note-animated-webp = アニメーションWebP：全{ $frames }フレームのうち最初のフレームを数えます。
# $name: the profile's own name, as the file gives it.
note-profile = ファイルにはカラープロファイル（{ $name }）が含まれていますが、カウントには適用せず、保存されている値をそのまま数えます。
# $why: libjpeg-turbo's own words (English), as it says them.
note-jpeg-warned = libjpeg-turboの警告：{ $why }（どのセグメントにも属さないバイト）。すべてのピクセルをデコードしました。
note-float-eight = 浮動小数点（HDR）サンプル：ここでは各リニア値を0..1にクランプし、8ビットに丸めて数えます。コマンドラインツールでは値をそのまま数え、輝度は段数で表して数えます。
note-sixteen-deep = チャンネルあたり16ビット：本来のビット深度のまま、65536レベルで数えます。
note-sixteen-eight = チャンネルあたり16ビット：各値を最も近い8ビットの値として数えます。
# $bits: 1, 2 or 4; $levels: 2, 4 or 16; $step: what a level is multiplied by.
note-few-bits = チャンネルあたり{ $bits }ビット、{ $levels }レベル：各レベルは対応する8ビットの値（レベル x { $step }）として数えます。この値も同じビンに入ります。
note-translucent = 半透明のピクセルがあります。各ピクセルはアルファ値に関係なく、そのままの色で数えます。

## How it was counted (src/hdr.rs, engine/src/count/)

# $max, $from, $to: the range's top and its luminance in stops, as decimals.
note-hdr-counts = リニアな浮動小数点（HDR）サンプル：R、G、Bは[0, { $max }]の範囲で、輝度は{ $from }段から{ $to }段までの範囲で数えます。範囲を下回るチャンネル値が{ $below }個、上回るチャンネル値が{ $above }個、NaNまたは無限大のサンプルを含むピクセル（どのビンにも入りません）が{ $invalid }個、輝度が1.0を超える値が{ $above-one }個あります。
note-range-hdr-only = --rangeはHDR（浮動小数点）画像にのみ適用されます。
# $levels of a channel at $depth bits; $empty of the $bins can hold no pixel.
note-comb = R、G、Bは{ $levels }レベル（チャンネルあたり{ $depth }ビット）です。{ $bins }個のビンのうち{ $empty }個にはピクセルが入り得ないため、カウントのあるビンの間に空のまま残ります。R、G、Bの加重和である輝度は、すべてのビンを埋めることができます。
# $asked: the method asked for (an identifier); $bins: the most bins it counts.
note-deep-kernel = deepカーネルで数えました。指定された手法（{ $asked }）は、8ビットのサンプルを最大{ $bins }個のビンでしか数えられません。

## How it was cut to the device (src/gpu/plan.rs)

# $size: the picture's, "4099x1"; $block: "64x64"; $rest: the pixels past the block.
note-reshaped = 画像が{ $size }と細長いため、GPUのワークグループに行単位で仕事がすき間なく行き渡るよう、ピクセルを{ $block }のブロックと残りの{ $rest }ピクセルに並べ直しました。ピクセルの位置はヒストグラムに影響しません。
# $side: the device's largest texture side; $tiles: how many textures.
note-tiles-textures = 画像がGPUのテクスチャの最大サイズ（1辺{ $side } px）より大きいため、{ $tiles }個のテクスチャに分けてアップロードしました。
# $mib: the largest storage buffer binding in MiB; $tiles: how many buffers.
note-tiles-buffers = 画像がストレージバッファのバインディング1つの上限（{ $mib } MiB）より大きいため、行の途中で切らずに{ $tiles }個のバッファに分けてアップロードしました。
# $bands: how many; $band: the largest, "2048x1024"; $workgroups, $mib: the device's limits.
note-bands = デバイスの制限（次元あたり{ $workgroups }ワークグループ、ストレージバッファあたり{ $mib } MiB）に収まるよう、最大{ $band }ピクセルの帯{ $bands }個に分けて処理しました。
# The same where the device also bounds a shader's loop ($iterations).
note-bands-loops = デバイスの制限（次元あたり{ $workgroups }ワークグループ、ストレージバッファあたり{ $mib } MiB、シェーダーのループあたり{ $iterations }回の反復）に収まるよう、最大{ $band }ピクセルの帯{ $bands }個に分けて処理しました。
# $why: why the GPU's decoder did not take the file.
note-decoded-by-cpu = GPUではなくCPUでデコードしました：{ $why }。
