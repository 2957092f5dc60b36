#!/usr/bin/env bash
# Makes tests/fixtures/levels.webm, the video the waveform's "luma as decoded" is
# tested on: 256x32, column x's Y′ is x (every code, sub-blacks 0-15 and
# super-whites 236-255 too), chroma neutral (128), tagged limited range BT.709;
# lossless VP9, so the decoder hands back exactly these planes. Needs ffmpeg
# (apt-get install ffmpeg). The result is committed; run this only to change it.
set -euo pipefail
cd "$(dirname "$0")/.."
width=256 height=32 frames=10
python3 - "$width" "$height" "$frames" <<'PY' |
import sys
w, h, n = map(int, sys.argv[1:])
frame = bytes(range(w)) * h + bytes([128]) * (w // 2 * h // 2 * 2)
sys.stdout.buffer.write(frame * n)
PY
  ffmpeg -loglevel error -y -f rawvideo -pix_fmt yuv420p -s ${width}x${height} -r 10 -i - \
    -c:v libvpx-vp9 -lossless 1 -pix_fmt yuv420p -color_range tv -colorspace bt709 \
    -color_primaries bt709 -color_trc bt709 -an tests/fixtures/levels.webm
ls -l tests/fixtures/levels.webm
