# Reading a picture file (www/input.js, www/core.js, www/decode-worker.js).
# `name`: the file's name; `why`: a reason, often the browser's or the core's
# words (in English).

# While a read takes long. `stage`: what it is doing; `percent`: how far, a whole number.
input-reading = { $name }を読み込んでいます：{ $stage ->
        [copying] コピー中
        [sending] GPUへ送信中
       *[decoding] デコード中
    }…
input-reading-part = { $name }を読み込んでいます：{ $stage ->
        [copying] コピー中
        [sending] GPUへ送信中
       *[decoding] デコード中
    }（{ $percent }%）…

## Why a file was refused.
input-cannot-read = 「{ $name }」を読み込めません：{ $why }。
input-not-an-image = 「{ $name }」は、このページで読み込める画像ではありません。PNG、JPEG、GIF、WebP、BMP、TIFF、ICO、Radiance HDR、OpenEXRのいずれでもなく、このブラウザがデコードできる形式でもありません。
# `width`, `height`: pixels; `most`: megapixels.
input-too-large = 「{ $name }」を読み込めません：画像は{ $width }x{ $height }ピクセルで、ここで扱える{ $most }メガピクセルを超えています。

## Reasons (after input-cannot-read's "cannot be read:").
# `why`: the browser's words.
input-decoder-stopped = デコーダーが停止しました（{ $why }）
input-decoder-stopped-unsaid = デコーダーが停止しました（ワーカー内のエラー）
# A read given up for a newer file's.
input-superseded = 新しいファイルに置き換えられました
input-no-longer-read = このファイルはもう読み込まれていません
input-browser-could-not-decode = ブラウザがデコードできませんでした（{ $why }）

## A picture's format, as the page shows it. `format`: the file's kind ("JPEG"); `type`: its media type ("image/avif").
input-decoded-by-this-browser = { $format }、このブラウザでデコード
input-decoded-on-gpu = { $format }、このGPUでデコード
input-decoded-by-browser = { $type }、ブラウザでデコード
input-decoded-by-browser-untyped = 画像、ブラウザでデコード

## Notes on a picture only the browser decodes.
input-note-browser-webgl = このブラウザでデコードしました（Rustのデコーダーはこの形式を読めません）。アルファを乗算していない色の値を、チャンネルあたり8ビットで数えます（ファイルがそれ以上の精度を持っていても、ブラウザはそれ以上を渡しません）。
input-note-browser-canvas = このブラウザでデコードし、2Dキャンバスを通して読みました（ここではWebGLを使えません）。チャンネルあたり8ビットです。キャンバスは色をアルファで乗算して保存するため、半透明のピクセルは数レベルずれることがあります。
