#!/usr/bin/env bash
# Runs on the GPU machine (the device tool), in the repository root, with `.gl` (the
# Vulkan loader debs) and `.device` (our release binary and cub_hist.cu) carried:
# our benchmark and CUB's in the same call, then the ratios. Prepare here with
# bench/prepare-gpu-machine.sh. Results go to $OUT.
set -euo pipefail
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
[ -f "$icd" ] && export VK_DRIVER_FILES=$icd
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader | tee "$out/gpu.txt"
nvcc -O3 -arch=sm_90 -o /tmp/cub_hist .device/cub_hist.cu
.device/histogram bench --backend vulkan "$@" | tee "$out/ours.txt"
/tmp/cub_hist | tee "$out/cub.txt"
python3 bench/compare.py "$out/ours.txt" "$out/cub.txt" | tee "$out/compare.txt"
