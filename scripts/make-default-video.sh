#!/usr/bin/env bash
# Makes the site's default video, www/media/sunset.webm (VP9), from the project's
# own animated sunset: no third-party footage. Needs ffmpeg (apt-get install ffmpeg).
# The result is committed; run this only to change it.
set -euo pipefail
cd "$(dirname "$0")/.."
width=1280 height=720 fps=30 frames=240
cargo run --release --quiet --example default_video -- $width $height $frames |
  ffmpeg -loglevel error -y -f rawvideo -pix_fmt rgba -s ${width}x${height} -r $fps -i - \
    -c:v libvpx-vp9 -crf 42 -b:v 0 -row-mt 1 -pix_fmt yuv420p -an www/media/sunset.webm
ls -l www/media/sunset.webm
