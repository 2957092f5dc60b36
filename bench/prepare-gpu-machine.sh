#!/usr/bin/env bash
# Prepares what bench/gpu-machine.sh needs on the GPU machine: the release binary
# and the CUB benchmark in .device/, and Debian's Vulkan loader debs in .gl/ (both
# git-ignored; the device tool carries them).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --bin histogram
mkdir -p .device .gl /tmp/amd64/partial
cp target/release/histogram ../shared/anchors/cub_hist.cu .device/
o='-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64'
ls .gl/libvulkan1_*.deb >/dev/null 2>&1 || {
  apt-get $o update -qq
  (cd .gl && apt-get $o download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2)
}
