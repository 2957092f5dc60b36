#!/usr/bin/env bash
# Issue #23's anchor, on the GPU machine in one call: the deep method (`histogram
# bench --bits 16`) beside CUB's MultiHistogramEven on the same 16-bit pictures
# (bench/cub_deep.cu), 8192x8192, 4096 and 65536 bins, ours first and again after
# CUB (the clocks). Carry `.gl` and `.device` (bench/prepare-gpu-machine.sh).
set -euo pipefail
. bench/gpu-env.sh
size=${1:-8192x8192}
nvcc -O3 -arch=sm_90 -I .device -o /tmp/cub_deep bench/cub_deep.cu
files=()
for kind in natural uniform noise; do
  .device/deep_image "$size" "$kind" "/tmp/$kind.rgba16"
  files+=("/tmp/$kind.rgba16:$size:$kind")
done
ours() {
  for bins in 4096 65536; do
    .device/histogram bench --backend vulkan --bits 16 --bins "$bins" --sizes "$size" --runs 20
  done
}
{ ours; /tmp/cub_deep "${files[@]}"; ours; } | tee "$out/deep.txt"
