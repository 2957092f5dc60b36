# Why a file could not be read (src/decode/error.rs), words for the person who
# gave it: one line, after the file's name. Sizes ("4099x1") and amounts ("1.5
# GiB") come as the core writes them.

## What the file is

# $formats: the formats read here, "PNG, JPEG, ..." (their names).
decode-unsupported = 画像ファイルではありません（対応している形式：{ $formats }）
# $why: what is damaged, a damage- message or the decoder's own words.
decode-damaged = ファイルが壊れているか、画像ではありません（{ $why }）
# $format: "TIFF", "WebP"...; $why: what kind, a kind- message or the decoder's own words.
decode-unsupported-kind = この種類の{ $format }ファイルには対応していません（{ $why }）
# $size: the picture's, "40000x40000"; $megapixels: the most allowed.
decode-too-large-megapixels = 画像は{ $size }ピクセルで、ここで扱える{ $megapixels }メガピクセルを超えています
decode-too-large-pixels = 画像は{ $size }ピクセルで、ここで扱える{ $pixels }ピクセルを超えています
# $bytes: the file's length; $format: "PNG", "JPEG"...
decode-claims-too-much = ファイルが壊れています（ヘッダーでは{ $size }ピクセルとされているが、{ $bytes }バイトの{ $format }ファイルにそれだけのピクセルは収まらない）
decode-out-of-memory = 次の{ $mib } MiB分のピクセルを格納するメモリが足りません
# $format: "JPEG", "OpenEXR"...; $needed, $available: amounts, "1.5 GiB".
decode-needs-memory = 画像は{ $size }ピクセルです。{ $format }ファイルは全体を一度にデコードするため{ $needed }のメモリが必要ですが、使えるのは{ $available }だけです。PNGは行の帯ごとに読み込むため、インターレースなしのPNGに変換するか、画像をいくつかに分割してください
# The same for floating-point files (Radiance HDR, OpenEXR), which PNG would clip.
decode-needs-memory-float = 画像は{ $size }ピクセルです。{ $format }ファイルは全体を一度にデコードするため{ $needed }のメモリが必要ですが、使えるのは{ $available }だけです。画像をいくつかに分割してください

## What is damaged ($why of decode-damaged)

# $why: a decoder library's own words (English), quoted as it says them.
decoder-said = { $why }
damage-ends-early = ファイルが途中で終わっている
damage-table-outside = ファイル内のテーブルがファイルの外を指している
# $before: where, in the decoder's words ("" if it names no place).
damage-chunk-crc = { $before }チャンクのCRCチェックサムがデータと一致しない
damage-unknown-chunk = { $before }種類が不明または壊れているチャンク
damage-png-checksum = 圧縮されたピクセルデータが壊れている：チェックサムが不一致
damage-more-memory = ここで許容される量を超えるメモリが必要
damage-jpeg-no-picture = JPEGの先頭バイトはあるが、画像データがない
damage-jpeg-cut-short = 画像の途中でJPEGが終わっている：途中で切れたファイルで、ブラウザなら残りを灰色で埋めて表示する
damage-no-pixels = ヘッダー上の大きさが{ $size }ピクセルで、数えるピクセルがない
damage-no-rows = ピクセルの行がない
damage-too-large = 大きすぎる
damage-libjpeg-not-started = libjpeg-turboを起動できなかった

## What kind is not read ($why of decode-unsupported-kind)

kind-webp-side = 1辺がこの形式の上限である16384ピクセル
kind-tiff-palette = パレットによるインデックスカラー
kind-tiff-cmyk = CMYKカラー
kind-tiff-ycbcr = YCbCrカラー
kind-tiff-lab = CIE L*a*b*カラー
# $colours: the colour type's name in the tiff crate.
kind-tiff-colours = { $colours }カラー
kind-tiff-samples = 1ピクセルあたり{ $samples }サンプル
kind-tiff-signed = 符号付き{ $bits }ビット整数のサンプル
kind-tiff-few-bits = 1ピクセルあたり{ $bits }ビットのサンプルが{ $channels }個：1、2、4ビットはグレースケールのみ読み込める
kind-tiff-bits = { $bits }ビット整数のサンプル：読み込めるのは1、2、4、8、16ビットの整数と浮動小数点
kind-tiff-bits-kind = この種類の{ $bits }ビットサンプル
