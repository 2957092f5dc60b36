#!/usr/bin/env bash
# Makes tests/fixtures/chroma-420.webm, chroma-422.webm and chroma-444.webm: one
# picture three ways, on which the frame pass's 8-bit chroma layouts (I420, I422,
# I444) are tested against each other. 64x32, Y′ a ramp over the video codes,
# chroma one sample a 2x2 block (so 4:2:2 and 4:4:4 repeat 4:2:0's samples where
# they fall), tagged limited range BT.709; lossless VP9 (profile 0 at 4:2:0, 1 at
# 4:2:2 and 4:4:4), so the decoder hands back exactly these planes. Needs ffmpeg
# (apt-get install ffmpeg). The results are committed; run this only to change them.
set -euo pipefail
cd "$(dirname "$0")/.."
width=64 height=32 frames=4
for chroma in 420 422 444; do
  python3 - "$chroma" "$width" "$height" "$frames" <<'PY' |
import sys
chroma, w, h, n = sys.argv[1], *map(int, sys.argv[2:])
luma = bytes(16 + (x * 4 + y * 7) % 220 for y in range(h) for x in range(w))
# A chroma sample's block (bx, by) of 2x2 pixels, repeated over the plane's samples.
cols, rows = (w // 2 if chroma != '444' else w), (h // 2 if chroma == '420' else h)
per = lambda f: bytes(f(x * (w // cols) // 2, y * (h // rows) // 2) for y in range(rows) for x in range(cols))
u = per(lambda bx, by: 64 + (bx * 37 + by * 11) % 128)
v = per(lambda bx, by: 64 + (bx * 13 + by * 29) % 128)
sys.stdout.buffer.write((luma + u + v) * n)
PY
  ffmpeg -loglevel error -y -f rawvideo -pix_fmt yuv${chroma}p -s ${width}x${height} -r 10 -i - \
    -c:v libvpx-vp9 -profile:v $([ "$chroma" = 420 ] && echo 0 || echo 1) -lossless 1 \
    -pix_fmt yuv${chroma}p -color_range tv -colorspace bt709 -color_primaries bt709 \
    -color_trc bt709 -an "tests/fixtures/chroma-$chroma.webm"
done
ls -l tests/fixtures/chroma-*.webm
