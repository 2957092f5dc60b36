# Why a file could not be read (src/decode/error.rs), words for the person who
# gave it: one line, after the file's name. Sizes ("4099x1") and amounts ("1.5
# GiB") come as the core writes them.

## What the file is

# $formats: the formats read here, "PNG, JPEG, ..." (their names).
decode-unsupported = not an image file ({ $formats } expected)
# $why: what is damaged, a damage- message or the decoder's own words.
decode-damaged = the file is damaged or not an image ({ $why })
# $format: "TIFF", "WebP"...; $why: what kind, a kind- message or the decoder's own words.
decode-unsupported-kind = this kind of { $format } file is not read here ({ $why })
# $size: the picture's, "40000x40000"; $megapixels: the most allowed.
decode-too-large-megapixels = the image is { $size } pixels: more than the { $megapixels } megapixels allowed here
decode-too-large-pixels = the image is { $size } pixels: more than the { $pixels } pixels allowed here
# $bytes: the file's length; $format: "PNG", "JPEG"...
decode-claims-too-much = the file is damaged: its header says { $size } pixels, more than { $bytes } bytes of { $format } can hold
decode-out-of-memory = not enough memory for the next { $mib } MiB of pixels
# $format: "JPEG", "OpenEXR"...; $needed, $available: amounts, "1.5 GiB".
decode-needs-memory = the image is { $size } pixels; { $format ->
        [OpenEXR] an
       *[other] a
    } { $format } file is decoded whole, which needs { $needed } of memory, and { $available } is available. PNG is read in bands of rows: convert it to PNG (without interlacing), or split it into parts
# The same for floating-point files (Radiance HDR, OpenEXR), which PNG would clip.
decode-needs-memory-float = the image is { $size } pixels; { $format ->
        [OpenEXR] an
       *[other] a
    } { $format } file is decoded whole, which needs { $needed } of memory, and { $available } is available. Split it into parts

## What is damaged ($why of decode-damaged)

# $why: a decoder library's own words (English), quoted as it says them.
decoder-said = { $why }
damage-ends-early = the file ends early
damage-table-outside = a table in the file points outside it
# $before: where, in the decoder's words ("" if it names no place).
damage-chunk-crc = { $before }a chunk's checksum (CRC) does not match its bytes
damage-unknown-chunk = { $before }a chunk of an unknown or damaged type
damage-png-checksum = its compressed pixel data is damaged: the checksum does not match
damage-more-memory = more memory than is allowed here
damage-jpeg-no-picture = a JPEG's first bytes, but no picture in it
damage-jpeg-cut-short = the JPEG ends before its picture does: it was cut short, and a browser would fill in the rest with grey
damage-no-pixels = its header gives it { $size } pixels, none to count
damage-no-rows = no rows
damage-too-large = too large
damage-libjpeg-not-started = libjpeg-turbo did not start

## What kind is not read ($why of decode-unsupported-kind)

kind-webp-side = a side of 16384 pixels, the format's largest
kind-tiff-palette = indexed colours (a palette)
kind-tiff-cmyk = CMYK colours
kind-tiff-ycbcr = YCbCr colours
kind-tiff-lab = CIE L*a*b* colours
# $colours: the colour type's name in the tiff crate.
kind-tiff-colours = { $colours } colours
kind-tiff-samples = { $samples } samples a pixel
kind-tiff-signed = signed { $bits }-bit integer samples
kind-tiff-few-bits = { $bits }-bit samples, { $channels } a pixel; grey ones of 1, 2 and 4 bits are read
kind-tiff-bits = { $bits }-bit integer samples; those of 1, 2, 4, 8 and 16 bits, and floating point, are read
kind-tiff-bits-kind = { $bits }-bit samples of this kind
