#!/usr/bin/env bash
# Runs on the GPU machine (the device tool), in the repository root, with `.gl` (the
# Vulkan loader debs) and `.device` (our release binary, cub_hist.cu and the photos)
# carried: our benchmark and CUB's in the same call, then the ratios. Prepare here
# with bench/prepare-gpu-machine.sh. Results go to $OUT. Arguments go to
# `histogram bench`; the photos in .device/ are counted by both sides.
set -euo pipefail
. bench/gpu-env.sh
nvcc -O3 -arch=sm_90 -o /tmp/cub_hist .device/cub_hist.cu
nvcc -O3 -arch=sm_90 -I .device -o /tmp/cub_more bench/cub_more.cu
# CUB counts raw RGB: the photos decoded by Pillow (ours decodes them itself; a few
# pixels may differ by one level, the times do not).
photos=() more=()
for p in .device/*.jpg; do
  size=$(python3 -c "from PIL import Image; im = Image.open('$p').convert('RGB'); open('/tmp/$(basename "$p").rgb', 'wb').write(im.tobytes()); print('%dx%d' % im.size)")
  photos+=("$p") more+=("/tmp/$(basename "$p").rgb:$size:$(basename "$p")")
done
.device/histogram bench --backend vulkan "$@" "${photos[@]}" | tee "$out/ours.txt"
{ /tmp/cub_hist; /tmp/cub_more 16384x512:natural 16384x512:uniform 16384x512:noise \
    512x16384:natural 512x16384:uniform 512x16384:noise "${more[@]}"; } | tee "$out/cub.txt"
python3 bench/compare.py "$out/ours.txt" "$out/cub.txt" | tee "$out/compare.txt"
