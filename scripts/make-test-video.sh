#!/usr/bin/env bash
# Makes tests/fixtures/sunset-small.webm, the video the browser tests play where
# the picture's size is not the point: the project's own sunset.webm (1280x720,
# 8 s), scaled to 320x180 and cut to its first 3 s, 30 frames a second as it is.
# Each frame is a sixteenth of the default's pixels: SwiftShader imports, counts
# and draws it that much sooner. The tests' server serves it in place of
# www/media/sunset.webm (tests/browser/harness.mjs). Needs ffmpeg (apt-get install
# ffmpeg). The result is committed; run this only to change it.
set -euo pipefail
cd "$(dirname "$0")/.."
ffmpeg -loglevel error -y -i www/media/sunset.webm -t 3 -vf scale=320:180 \
  -c:v libvpx-vp9 -crf 40 -b:v 0 -g 30 -pix_fmt yuv420p -an tests/fixtures/sunset-small.webm
ls -l tests/fixtures/sunset-small.webm
