#!/usr/bin/env bash
# Two builds of the GPU JPEG decoder side by side on the GPU machine (the device
# tool, `.gl` and `.device` carried): .device/histogram-{base,new} and
# .device/stages-{base,new} (the jpeg_gpu_stages probe), built by hand from the two
# commits. In one call: bench/jpeg-gpu.py's folder, each build's stages for a
# 24-megapixel and a 3.7-megapixel photo, the folder counted four ways by each build
# in alternating rounds (medians, spreads, and every run's sums, which must agree),
# and the probe's batches. Usage: bench/jpeg-gpu-builds.sh [ROUNDS]
set -euo pipefail
. bench/gpu-env.sh
rounds=${1:-5}
folder=/tmp/histogram-jpeg-gpu
python3 - <<'PY'
import importlib.util, sys
from pathlib import Path
sys.path.insert(0, "bench")
from PIL import Image
spec = importlib.util.spec_from_file_location("jpeg_gpu", "bench/jpeg-gpu.py")
jpeg_gpu = importlib.util.module_from_spec(spec)
spec.loader.exec_module(jpeg_gpu)
jpeg_gpu.make_folder(Path("/tmp/histogram-jpeg-gpu"), 400, Path(".device"))
photo = Image.open(".device/pexels-chevanon-photography-1108099.jpg").convert("RGB")
photo.resize((6000, 4000), Image.BICUBIC).save("/tmp/photo-24mpx.jpg", quality=90)
PY
for b in base new; do
  echo "== stages, $b"
  ".device/stages-$b" /tmp/photo-24mpx.jpg .device/pexels-francesco-ungaro-96938-mid.jpg
done | tee "$out/stages.txt"
python3 - "$folder" "$rounds" <<'PY' | tee "$out/folder.txt"
import json, statistics, subprocess, sys, time
folder, rounds = sys.argv[1], int(sys.argv[2])
def run(build, args):
    start = time.perf_counter()
    out = subprocess.run([f".device/histogram-{build}", "--quiet", "--total", *args, folder],
                         check=True, capture_output=True, text=True).stdout
    last = json.loads(out.strip().splitlines()[-1])
    return time.perf_counter() - start, tuple(tuple(last[c]) for c in ("r", "g", "b"))
ways = {"default": [], "--decode gpu": ["--decode", "gpu"], "--backend vulkan": ["--backend", "vulkan"],
        "--decode gpu --backend vulkan": ["--decode", "gpu", "--backend", "vulkan"]}
times, sums = {}, set()
for r in range(rounds):
    for name, args in ways.items():
        for build in ("base", "new") if r % 2 == 0 else ("new", "base"):
            seconds, total = run(build, args)
            times.setdefault((name, build), []).append(seconds)
            sums.add(total)
print(f"400 photos, median of {rounds} rounds (the builds alternating), seconds, and the spread")
for name in ways:
    base, new = times[(name, "base")], times[(name, "new")]
    mb, mn = statistics.median(base), statistics.median(new)
    print(f"{name:30s} base {mb:.3f} ({min(base):.3f}-{max(base):.3f})  new {mn:.3f} ({min(new):.3f}-{max(new):.3f})  new: {mb / mn:.2f}x base's speed")
print("distinct sums over every run:", len(sums))
PY
for b in base new; do
  echo "== batches, $b"
  ".device/stages-$b" --batches "$folder"
done | tee "$out/batches.txt"
