#!/usr/bin/env bash
# Makes tests/fixtures/frames.webm, the video the transport's frame steps are
# tested on: 64x16, 25 frames a second (not the 30 the transport guesses before a
# video has played), 50 frames; frame n is one grey, Y′ = 16 + 4n (limited range,
# chroma neutral), so a test reads which frame the element shows from one pixel
# drawn to a 2D canvas, apart from the page's own counting. Lossless VP9.
# Needs ffmpeg (apt-get install ffmpeg). The result is committed; run this only
# to change it.
set -euo pipefail
cd "$(dirname "$0")/.."
width=64 height=16 frames=50
python3 - "$width" "$height" "$frames" <<'PY' |
import sys
w, h, n = map(int, sys.argv[1:])
for i in range(n):
    sys.stdout.buffer.write(bytes([16 + 4 * i]) * (w * h) + bytes([128]) * (w * h // 2))
PY
  ffmpeg -loglevel error -y -f rawvideo -pix_fmt yuv420p -s ${width}x${height} -r 25 -i - \
    -c:v libvpx-vp9 -lossless 1 -g 25 -pix_fmt yuv420p -color_range tv -colorspace bt709 \
    -color_primaries bt709 -color_trc bt709 -an tests/fixtures/frames.webm
ls -l tests/fixtures/frames.webm
