#!/usr/bin/env bash
# Makes .site-media/ (git-ignored), what bench/gpu-browser/run.sh carries beside the
# built site: the project's own sunset video scaled up to 1080p and 4K H.264 (what
# a visitor's large videos are), the chevanon photo scaled to 8192x8192 (the
# largest image the site takes), 15- and 24-megapixel JPEGs (tests/fixtures/large.rs),
# the decode's 4:2:0 photos, and DejaVu fonts (the GPU machine has none).
# Needs ffmpeg and fonts-dejavu-core (apt), and `make tools`.
set -euo pipefail
cd "$(dirname "$0")/../.."
m=.site-media
mkdir -p $m/fonts
for size in 1920x1080 3840x2160; do
  [ -f $m/sunset-$size.mp4 ] || ffmpeg -v error -i www/media/sunset.webm -vf "scale=${size/x/:}:flags=bicubic" \
    -c:v libx264 -preset medium -crf 20 -pix_fmt yuv420p -an $m/sunset-$size.mp4
done
# 4K at 60 frames a second (#25: no frame dropped at 4K60), each frame of the 30 fps
# video shown twice: the decoder still has 60 a second to deliver.
[ -f $m/sunset-3840x2160-60.mp4 ] || ffmpeg -v error -i www/media/sunset.webm -vf "scale=3840:2160:flags=bicubic,fps=60" \
  -c:v libx264 -preset veryfast -crf 22 -pix_fmt yuv420p -an $m/sunset-3840x2160-60.mp4
[ -f $m/photo-8192x8192.jpg ] || ffmpeg -v error -i ../shared/media/pexels-chevanon-photography-1108099.jpg \
  -vf "scale=8192:8192:flags=bicubic" -q:v 3 $m/photo-8192x8192.jpg
# The 15- and 24-megapixel photos the decode is measured on (tests/fixtures/large.rs).
[ -f $m/photo-6000x4000.jpg ] || { d=$(mktemp -d); target/release/examples/large "$d" &&
  cp "$d"/photo-*.jpg $m/; rm -rf "$d"; }
# The photos a dropped JPEG's decode is timed on (driver.js decodes=): the chevanon
# photo resized and saved by Pillow at quality 90, 4:2:0, baseline (24 and 4.5 Mpx).
for size in 6000x4000 2448x1836; do
  [ -f $m/photo-$size-420.jpg ] || .venv/bin/python -c "import sys; from PIL import Image
Image.open(sys.argv[1]).convert('RGB').resize(tuple(map(int, sys.argv[2].split('x'))), Image.LANCZOS).save(sys.argv[3], quality=90, subsampling=2)" \
    ../shared/media/pexels-chevanon-photography-1108099.jpg $size $m/photo-$size-420.jpg
done
cp /usr/share/fonts/truetype/dejavu/DejaVuSans{,-Bold,Mono}.ttf $m/fonts/
ls -l $m
