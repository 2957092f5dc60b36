# Reading a picture file (www/input.js, www/core.js, www/decode-worker.js).
# `name`: the file's name; `why`: a reason, often the browser's or the core's
# words (in English).

# While a read takes long. `stage`: what it is doing; `percent`: how far, a whole number.
input-reading = { $name } 읽는 중: { $stage ->
        [copying] 복사
        [sending] GPU로 전송
       *[decoding] 디코딩
    }…
input-reading-part = { $name } 읽는 중: { $stage ->
        [copying] 복사
        [sending] GPU로 전송
       *[decoding] 디코딩
    } ({ $percent }%)…

## Why a file was refused.
input-cannot-read = "{ $name }" 파일을 읽을 수 없습니다: { $why }.
input-not-an-image = "{ $name }" 파일은 이 페이지가 읽을 수 있는 이미지가 아닙니다. PNG, JPEG, GIF, WebP, BMP, TIFF, ICO, Radiance HDR, OpenEXR도 아니고, 이 브라우저가 디코딩하는 형식도 아닙니다.
# `width`, `height`: pixels; `most`: megapixels.
input-too-large = "{ $name }" 파일을 읽을 수 없습니다. 이미지가 { $width }x{ $height } 픽셀로, 이곳에서 허용하는 { $most }메가픽셀을 넘습니다.

## Reasons (after input-cannot-read's "읽을 수 없습니다:").
# `why`: the browser's words.
input-decoder-stopped = 디코더가 멈췄습니다({ $why })
input-decoder-stopped-unsaid = 디코더가 멈췄습니다(워커에서 오류 발생)
# A read given up for a newer file's.
input-superseded = 더 새로운 파일로 대체되었습니다
input-no-longer-read = 이제 이 파일은 읽지 않습니다
input-browser-could-not-decode = 브라우저가 디코딩하지 못했습니다({ $why })

## A picture's format, as the page shows it. `format`: the file's kind ("JPEG"); `type`: its media type ("image/avif").
input-decoded-by-this-browser = { $format }, 이 브라우저가 디코딩
input-decoded-on-gpu = { $format }, 이 GPU에서 디코딩
input-decoded-by-browser = { $type }, 브라우저가 디코딩
input-decoded-by-browser-untyped = 이미지, 브라우저가 디코딩

## Notes on a picture only the browser decodes.
input-note-browser-webgl = 이 브라우저가 디코딩했습니다(Rust 디코더는 이 형식을 읽지 않습니다). 알파를 곱하지 않은 그대로의 색 값을 채널당 8비트로 셉니다(파일에 무엇이 들어 있든 브라우저는 그 이상을 주지 않습니다).
input-note-browser-canvas = 이 브라우저가 디코딩하고 2D 캔버스로 읽었습니다(이곳에는 WebGL이 없습니다). 채널당 8비트이며, 캔버스는 색을 알파와 곱해서 저장하므로 반투명한 픽셀은 몇 단계 어긋날 수 있습니다.
