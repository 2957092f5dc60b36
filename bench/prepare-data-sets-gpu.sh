#!/usr/bin/env bash
# Prepares .py312/ (git-ignored; the device tool carries it) for
# bench/data-sets-gpu.sh: the GPU machine's image has Python 3.12 with numpy,
# pyarrow and Pillow but no Ray, no Dask and no way to PyPI, and a run carries at
# most 64 MiB. So: Ray's and Dask's cp312 wheels (not numpy's or pyarrow's),
# Ray's unpacked without its Java jars, dashboard build, RLlib, Serve and LLM
# (none of which Ray Data imports) and packed with xz; this package's extension
# built for CPython 3.12 (PyO3's config file: no 3.12 interpreter here), with the
# release binary and the two photos, packed likewise. About 50 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
wheels=/tmp/histogram-wheels-312 unpacked=/tmp/histogram-ray-312
mkdir -p "$wheels" .py312 .device/py/imagehistogram
.venv/bin/pip download --quiet --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux2014_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux_2_28_x86_64 \
  "ray[data]==2.60.0" "dask[distributed]" -d "$wheels"
rm -f .py312/*
for f in "$wheels"/*.whl; do
  case $(basename "$f") in ray-* | numpy-* | pyarrow-*) ;; *) cp "$f" .py312/ ;; esac
done
rm -rf "$unpacked" && mkdir -p "$unpacked"
(cd "$unpacked" && python3 -m zipfile -e "$wheels"/ray-*.whl . &&
  rm -rf ray/jars ray/dashboard/client/build ray/rllib ray/serve ray/llm &&
  tar cf - . | xz -9 -T2 >"$OLDPWD/.py312/ray.tar.xz")
printf '%s\n' implementation=CPython version=3.12 shared=true abi3=false lib_name=python3.12 \
  pointer_width=64 build_flags= suppress_build_script_link_lines=false >/tmp/histogram-pyo3-312.txt
PYO3_CONFIG_FILE=/tmp/histogram-pyo3-312.txt CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
  cargo build --release -p imagehistogram
cargo build --release --bin histogram
cp python/imagehistogram/*.py .device/py/imagehistogram/
cp target/release/lib_native.so .device/py/imagehistogram/_native.cpython-312-x86_64-linux-gnu.so
cp target/release/histogram ../shared/media/pexels-chevanon-photography-1108099.jpg \
  ../shared/media/pexels-francesco-ungaro-96938-mid.jpg .device/
strip .device/histogram .device/py/imagehistogram/*.so
tar cf - -C .device histogram py pexels-chevanon-photography-1108099.jpg pexels-francesco-ungaro-96938-mid.jpg |
  xz -9 -T2 >.py312/device.tar.xz
du -sh .py312
