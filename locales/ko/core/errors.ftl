# Why a file could not be read (src/decode/error.rs), words for the person who
# gave it: one line, after the file's name. Sizes ("4099x1") and amounts ("1.5
# GiB") come as the core writes them.

## What the file is

# $formats: the formats read here, "PNG, JPEG, ..." (their names).
decode-unsupported = 이미지 파일이 아닙니다({ $formats } 중 하나여야 합니다)
# $why: what is damaged, a damage- message or the decoder's own words.
decode-damaged = 파일이 손상되었거나 이미지가 아닙니다({ $why })
# $format: "TIFF", "WebP"...; $why: what kind, a kind- message or the decoder's own words.
decode-unsupported-kind = 여기서는 이런 종류의 { $format } 파일을 지원하지 않습니다({ $why })
# $size: the picture's, "40000x40000"; $megapixels: the most allowed.
decode-too-large-megapixels = 이미지가 { $size } 픽셀로, 여기서 허용하는 { $megapixels }메가픽셀을 넘습니다
decode-too-large-pixels = 이미지가 { $size } 픽셀로, 여기서 허용하는 { $pixels }픽셀을 넘습니다
# $bytes: the file's length; $format: "PNG", "JPEG"...
decode-claims-too-much = 파일이 손상되었습니다(헤더에는 { $size } 픽셀이라고 적혀 있지만, { $bytes }바이트짜리 { $format } 파일에는 그만큼의 픽셀이 담길 수 없음)
decode-out-of-memory = 다음 { $mib } MiB 분량의 픽셀을 담을 메모리가 부족합니다
# $format: "JPEG", "OpenEXR"...; $needed, $available: amounts, "1.5 GiB".
decode-needs-memory = 이미지가 { $size } 픽셀입니다. { $format } 파일은 전체를 한 번에 디코딩해야 해서 메모리가 { $needed } 필요한데, 사용할 수 있는 메모리는 { $available }뿐입니다. PNG는 행 밴드 단위로 읽으므로, 인터레이스 없는 PNG로 변환하거나 이미지를 여러 부분으로 나누세요
# The same for floating-point files (Radiance HDR, OpenEXR), which PNG would clip.
decode-needs-memory-float = 이미지가 { $size } 픽셀입니다. { $format } 파일은 전체를 한 번에 디코딩해야 해서 메모리가 { $needed } 필요한데, 사용할 수 있는 메모리는 { $available }뿐입니다. 이미지를 여러 부분으로 나누세요

## What is damaged ($why of decode-damaged)

# $why: a decoder library's own words (English), quoted as it says them.
decoder-said = { $why }
damage-ends-early = 파일이 중간에 끊김
damage-table-outside = 파일 안의 테이블이 파일 범위 밖을 가리킴
# $before: where, in the decoder's words ("" if it names no place).
damage-chunk-crc = { $before }청크의 CRC 체크섬이 데이터와 일치하지 않음
damage-unknown-chunk = { $before }유형을 알 수 없거나 유형이 손상된 청크
damage-png-checksum = 압축된 픽셀 데이터가 손상됨: 체크섬 불일치
damage-more-memory = 여기서 허용하는 양보다 많은 메모리가 필요함
damage-jpeg-no-picture = JPEG 시작 바이트는 있지만 이미지 데이터가 없음
damage-jpeg-cut-short = 이미지가 끝나기 전에 JPEG 파일이 끝남: 중간에 잘린 파일이며, 브라우저에서는 나머지가 회색으로 채워짐
damage-no-pixels = 헤더상 크기가 { $size } 픽셀이라 셀 픽셀이 없음
damage-no-rows = 픽셀 행이 없음
damage-too-large = 너무 큼
damage-libjpeg-not-started = libjpeg-turbo가 시작되지 않음

## What kind is not read ($why of decode-unsupported-kind)

kind-webp-side = 한 변이 이 형식의 최댓값인 16384픽셀
kind-tiff-palette = 팔레트를 쓰는 인덱스 색
kind-tiff-cmyk = CMYK 색
kind-tiff-ycbcr = YCbCr 색
kind-tiff-lab = CIE L*a*b* 색
# $colours: the colour type's name in the tiff crate.
kind-tiff-colours = { $colours } 색
kind-tiff-samples = 픽셀당 샘플 { $samples }개
kind-tiff-signed = 부호 있는 { $bits }비트 정수 샘플
kind-tiff-few-bits = 픽셀당 { $bits }비트 샘플 { $channels }개: 1, 2, 4비트 샘플은 회색조일 때만 읽음
kind-tiff-bits = { $bits }비트 정수 샘플: 읽을 수 있는 것은 1, 2, 4, 8, 16비트 정수와 부동소수점 샘플
kind-tiff-bits-kind = 이런 종류의 { $bits }비트 샘플
