#!/usr/bin/env bash
# Prepares what bench/gpu-machine.sh needs on the GPU machine: the release binary,
# the CUB benchmark and the photos (a real one, and the same scaled to 8192x8192 by
# bench/gpu-browser/prepare.sh) in .device/, bench/probes/packed_parts and scope_parts beside them,
# the Python package built for the GPU machine's Python 3.12 in .device/py312 (bench/jpeg-gpu.py's
# count_batch rows: PYTHONPATH=.device/py312), and Debian's Vulkan loader debs in .gl/ (all
# git-ignored; the device tool carries them).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --bin histogram --example packed_parts --example scope_parts --example deep_image --example jpeg_gpu_stages
mkdir -p .device .gl /tmp/amd64/partial
cp target/release/histogram target/release/examples/{packed_parts,scope_parts,deep_image,jpeg_gpu_stages} ../shared/anchors/cub_hist.cu \
  ../shared/media/pexels-chevanon-photography-1108099.jpg ../shared/media/pexels-francesco-ungaro-96938-mid.jpg .device/
[ -f .site-media/photo-8192x8192.jpg ] && cp .site-media/photo-8192x8192.jpg .device/
# An extension module links no libpython on Linux: PyO3 needs only the version it builds for.
printf 'implementation=CPython\nversion=3.12\nshared=true\nabi3=false\nlib_name=python3.12\npointer_width=64\n' >/tmp/pyo3-312.txt
PYO3_CONFIG_FILE=/tmp/pyo3-312.txt CARGO_TARGET_DIR=target/py312 cargo build --release -p imagehistogram
mkdir -p .device/py312/imagehistogram
cp python/imagehistogram/*.py .device/py312/imagehistogram/
cp target/py312/release/lib_native.so .device/py312/imagehistogram/_native.cpython-312-x86_64-linux-gnu.so
o='-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64'
ls .gl/libvulkan1_*.deb >/dev/null 2>&1 || {
  apt-get $o update -qq
  (cd .gl && apt-get $o download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
}
