#!/usr/bin/env bash
# Runs on the GPU machine (the device tool), in the repository root, with `.gl` and
# `.device` carried (bench/prepare-gpu-machine.sh, plus ../shared/anchors/
# ffmpeg-scopes.py and PyAV's cp312 manylinux wheel in .device/): in one call, each
# scope of a 3840x2160 frame on the GPU (`histogram scope --time`), CUB's read-only
# floor at that size (cub_hist.cu) and ffmpeg's waveform, parade and vectorscope
# filters on the same size with all threads. Results go to $OUT.
set -euo pipefail
. bench/gpu-env.sh
python3 -m pip install --quiet --no-index .device/av-*.whl
# The frames: ffmpeg-scopes.py's own (gradients and noise) and the photo at 4K.
python3 - <<'PY'
import numpy as np
from PIL import Image
W, H = 3840, 2160
rng = np.random.default_rng(1)
y, x = np.mgrid[0:H, 0:W]
base = np.stack([x * 255 // W, y * 255 // H, (x + y) * 255 // (W + H)], 2)
frame = np.clip(base + rng.integers(-20, 20, (H, W, 3)), 0, 255).astype(np.uint8)
Image.fromarray(frame).save('/tmp/synthetic-3840x2160.png')
Image.open('.device/pexels-chevanon-photography-1108099.jpg').convert('RGB').resize((W, H)).save('/tmp/photo-3840x2160.png')
PY
frames=(/tmp/synthetic-3840x2160.png /tmp/photo-3840x2160.png)
{
  for s in waveform parade vectorscope; do
    .device/histogram scope --backend vulkan --$s --time 50 "${frames[@]}"
  done
  .device/histogram scope --backend vulkan --vectorscope --size 64 --time 50 "${frames[@]}"
  .device/histogram bench --backend vulkan --sizes 3840x2160 --kinds natural --methods privatized,packed --runs 50
} | tee "$out/ours.txt"
nvcc -O3 -arch=sm_90 -o /tmp/cub_hist .device/cub_hist.cu
/tmp/cub_hist | tee "$out/cub.txt"
python3 .device/ffmpeg-scopes.py 30 | tee "$out/ffmpeg.txt"
