# Reading a picture file (www/input.js, www/core.js, www/decode-worker.js).
# `name`: the file's name; `why`: a reason, often the browser's or the core's
# words (in English).

# While a read takes long. `stage`: what it is doing; `percent`: how far, a whole number.
input-reading = Reading { $name }: { $stage ->
        [copying] copying
        [sending] sending it to the GPU
       *[decoding] decoding
    }…
input-reading-part = Reading { $name }: { $stage ->
        [copying] copying
        [sending] sending it to the GPU
       *[decoding] decoding
    } ({ $percent }%)…

## Why a file was refused.
input-cannot-read = "{ $name }" cannot be read: { $why }.
input-not-an-image = "{ $name }" is not an image this page can read: neither PNG, JPEG, GIF, WebP, BMP, TIFF, ICO, Radiance HDR, OpenEXR nor a format this browser decodes.
# `width`, `height`: pixels; `most`: megapixels.
input-too-large = "{ $name }" cannot be read: the image is { $width }x{ $height } pixels: more than the { $most } megapixels allowed here.

## Reasons (after input-cannot-read's "cannot be read:").
# `why`: the browser's words.
input-decoder-stopped = the decoder stopped ({ $why })
input-decoder-stopped-unsaid = the decoder stopped (an error in its worker)
# A read given up for a newer file's.
input-superseded = superseded
input-no-longer-read = the file is no longer being read
input-browser-could-not-decode = the browser could not decode it ({ $why })

## A picture's format, as the page shows it. `format`: the file's kind ("JPEG"); `type`: its media type ("image/avif").
input-decoded-by-this-browser = { $format }, decoded by this browser
input-decoded-on-gpu = { $format }, decoded on this GPU
input-decoded-by-browser = { $type }, decoded by the browser
input-decoded-by-browser-untyped = an image, decoded by the browser

## Notes on a picture only the browser decodes.
input-note-browser-webgl = Decoded by this browser (the Rust decoder does not read this format): its straight colour values are counted, at 8 bits a channel (the browser gives no more, whatever the file holds).
input-note-browser-canvas = Decoded by this browser and read through a 2D canvas (no WebGL here), at 8 bits a channel: the canvas stores colour premultiplied by alpha, so translucent pixels may be a few levels off.
