#!/usr/bin/env bash
# When the default opens the GPU (src/gpu/policy.rs open_gpu, docs/DECISIONS.md 37):
# the tool against an earlier build (--before) and its own --method cpu and
# --method packed, on runs of every length: one photo, a few photos on one job,
# the folder of bench/many.py, and that folder listed ten times over (a long run).
# Wall seconds (best and median of ROUNDS, the builds alternating) and which method
# counted how many files. After bench/many.py, whose folder of 300 photos it counts
# (on the GPU machine: bench/many-gpu.sh first, in the same call).
# Usage: bench/open-gpu.sh TOOL BEFORE [ROUNDS]
set -euo pipefail
tool=$1 before=$2 rounds=${3:-5}
dir=${DIR:-/tmp/histogram-many-bench}
[ -d "$dir" ] || { echo "no $dir: run bench/many.py first" >&2; exit 2; }
photo=$(ls "$dir"/*.jpg | sed -n 1p)
ls "$dir"/*.jpg | sed -n 1,40p > /tmp/open-gpu-40.txt
for i in $(seq 10); do ls "$dir"/*.jpg; done > /tmp/open-gpu-long.txt
python3 - "$tool" "$before" "$rounds" "$photo" "$dir" <<'PY'
import json, statistics, subprocess, sys, time
from collections import Counter
tool, before, rounds, photo, folder = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
runs = {
    "one photo": [photo],
    "40 photos, --jobs 1": ["--jobs", "1", "--files-from", "/tmp/open-gpu-40.txt"],
    "300 photos (the folder)": [folder],
    "3000 photos (the folder ten times)": ["--files-from", "/tmp/open-gpu-long.txt"],
}
ways = {"default": (tool, []), "before": (before, []), "--method cpu": (tool, ["--method", "cpu"]),
        "--method packed": (tool, ["--method", "packed"])}
for run, args in runs.items():
    times = {w: [] for w in ways}
    used = {}
    sums = {}
    for _ in range(rounds):
        for w, (exe, extra) in ways.items():
            start = time.perf_counter()
            out = subprocess.run([exe, "--quiet", "--total", *extra, *args], check=True,
                                 capture_output=True, text=True).stdout
            times[w].append(time.perf_counter() - start)
            lines = [json.loads(l) for l in out.splitlines()]
            used[w] = dict(Counter(l["method"] for l in lines[:-1]))
            sums[w] = [lines[-1][c] for c in ("r", "g", "b")]
    print(f"{run}: best / median of {rounds} rounds, seconds; files by method (last round)")
    for w in ways:
        same = "same sums" if sums[w] == sums["--method cpu"] else "SUMS DIFFER"
        print(f"  {w:16} {min(times[w]):7.3f} {statistics.median(times[w]):7.3f}  {used[w]}  {same}")
    d, b = statistics.median(times["default"]), statistics.median(times["before"])
    print(f"  default against the build before: {b / d:.2f}x its speed")
PY
