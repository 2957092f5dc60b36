#!/usr/bin/env bash
# bench/many.py on the GPU machine (the device tool), in the repository root, with
# `.gl` (the Vulkan loader debs) and `.device` (our release binary and the photos)
# carried: bench/prepare-gpu-machine.sh makes both. The folder of photos is made
# there from the carried photos; results go to $OUT. Arguments go to bench/many.py.
set -euo pipefail
. bench/gpu-env.sh
python3 bench/many.py --tool .device/histogram --photos .device "$@" | tee "$out/many.txt"
