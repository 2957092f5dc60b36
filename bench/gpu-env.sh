# Sourced by the scripts that run on the GPU machine (the device tool): the carried
# Vulkan loader (.gl, bench/prepare-gpu-machine.sh) installed, the NVIDIA driver
# named to it, $out the results folder, and the GPU named in $out/gpu.txt.
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
[ -f "$icd" ] && export VK_DRIVER_FILES=$icd
out=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader | tee "$out/gpu.txt"
