#!/usr/bin/env bash
# bench/jpeg-gpu.py and the jpeg_gpu_stages probe on the GPU machine (the device
# tool), in the repository root, with `.gl` (the Vulkan loader debs) and `.device`
# (our release binary, the probe and the photos) carried: bench/prepare-gpu-machine.sh
# makes both. The folder of photos and a 24-megapixel photo are made there from
# the carried photos; results go to $OUT. Arguments go to bench/jpeg-gpu.py. The
# probe's --batches then times the folder (bench/jpeg-gpu.py's default --dir) a
# batch at a time on one thread, each way.
set -euo pipefail
. bench/gpu-env.sh
python3 bench/jpeg-gpu.py --tool .device/histogram --photos .device "$@" | tee "$out/jpeg-gpu.txt"
python3 - <<'PY'
from PIL import Image
photo = Image.open(".device/pexels-chevanon-photography-1108099.jpg").convert("RGB")
photo.resize((6000, 4000), Image.BICUBIC).save("/tmp/photo-24mpx.jpg", quality=90)
PY
.device/jpeg_gpu_stages /tmp/photo-24mpx.jpg .device/pexels-francesco-ungaro-96938-mid.jpg | tee "$out/jpeg-gpu-stages.txt"
.device/jpeg_gpu_stages --batches /tmp/histogram-jpeg-gpu | tee "$out/jpeg-gpu-batches.txt"
