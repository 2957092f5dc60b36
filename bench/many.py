#!/usr/bin/env python3
"""A folder of photos counted by the tool and by the peers a data person would
write (issue #45), side by side in one run, rounds alternating:

  histogram --total DIR                 the default: the CPU method until counting
                                        has cost what opening the GPU would, then
                                        the GPU's fastest (src/policy.rs open_gpu)
  histogram --method cpu --total DIR    the CPU method
  histogram --method packed --total DIR the GPU's fastest method, asked for
  imagehistogram-1      the Python package (python/), one thread, one process
  imagehistogram-threads  the same, a thread pool of as many threads as cores
  pillow-1     Pillow + numpy, one process
  pillow-pool  Pillow + numpy, a pool of as many processes as cores
  opencv-pool  OpenCV, the same pool (where cv2 is installed)

Each sums the R, G and B histograms over the folder; the sums are compared with
the tool's --total (every peer decodes JPEG with libjpeg-turbo, as the tool does,
so they must agree bin for bin; the difference is printed as a share of counts).
The folder is made from the repository's photos (../shared/media): random crops
of about 3 megapixels, re-encoded at qualities 80-95, seeded, so every run on
every machine counts the same files.

Usage: bench/many.py [--files 300] [--rounds 3] [--dir DIR] [--jobs N] [--tool PATH]
                     [--photos DIR] [--before PATH]
(--before: an earlier build of the tool, timed in the same rounds, to measure a change.)
(after `make tools`; the tool is target/release/histogram, the photos ../shared/media).
"""

import argparse
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image

REPO = Path(__file__).resolve().parent.parent
PHOTOS = ["pexels-chevanon-photography-1108099.jpg", "pexels-francesco-ungaro-96938-mid.jpg"]


def make_folder(folder, count, photos, size=None, qualities=(80, 95), seed=45):
    """`count` JPEGs from the shared photos, made once: crops of 60-100% of a
    photo, scaled to about 3 megapixels, or to `size(rng)` (width, height),
    saved by Pillow at a quality from `qualities`."""
    folder.mkdir(parents=True, exist_ok=True)
    made = sorted(folder.glob("*.jpg"))
    if len(made) == count:
        return made
    rng = random.Random(seed)
    sources = [Image.open(photos / p).convert("RGB") for p in PHOTOS]
    for i in range(count):
        src = sources[i % len(sources)]
        wanted = size(rng) if size else None
        w, h = src.size
        cw, ch = int(w * rng.uniform(0.6, 1.0)), int(h * rng.uniform(0.6, 1.0))
        x, y = rng.randint(0, w - cw), rng.randint(0, h - ch)
        if wanted is None:
            scale = (3_000_000 / (cw * ch)) ** 0.5
            wanted = (int(cw * scale), int(ch * scale))
        crop = src.crop((x, y, x + cw, y + ch)).resize(wanted, Image.BICUBIC)
        crop.save(folder / f"photo-{i:04d}.jpg", quality=rng.randint(*qualities))
    return sorted(folder.glob("*.jpg"))


def pillow_one(path):
    rgb = np.asarray(Image.open(path).convert("RGB"))
    return np.stack([np.bincount(rgb[..., c].ravel(), minlength=256) for c in range(3)]).astype(np.int64)


def opencv_one(path):
    import cv2

    cv2.setNumThreads(1)
    bgr = cv2.imread(str(path), cv2.IMREAD_COLOR)
    return np.stack([cv2.calcHist([bgr], [c], None, [256], [0, 256]).ravel() for c in (2, 1, 0)]).astype(np.int64)


def in_pool(one, files, jobs):
    with multiprocessing.Pool(jobs) as pool:
        return sum(pool.imap_unordered(one, files, chunksize=4))


METHODS = {}


def tool(path, files_dir, *args):
    out = subprocess.run([str(path), "--quiet", "--total", *args, str(files_dir)],
                         check=True, capture_output=True, text=True).stdout
    lines = [json.loads(line) for line in out.strip().splitlines()]
    # Which method counted how many files (the default's first ones may be the CPU's).
    used = {}
    for line in lines[:-1]:
        used[line["method"]] = used.get(line["method"], 0) + 1
    METHODS[(Path(path).name, args)] = used
    return np.array([lines[-1][c] for c in ("r", "g", "b")], dtype=np.int64)


def package(files, jobs):
    import imagehistogram as ih

    total = ih.total(files, jobs=jobs)
    return np.array([total.r, total.g, total.b], dtype=np.int64)


def rounds(ways, count):
    """Each way timed `count` times, the ways alternating: their seconds, and
    what each gave last."""
    times = {name: [] for name in ways}
    sums = {}
    for _ in range(count):
        for name, way in ways.items():
            start = time.perf_counter()
            sums[name] = way()
            times[name].append(time.perf_counter() - start)
    return times, sums


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "histogram-many-bench")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--tool", type=Path, default=REPO / "target" / "release" / "histogram")
    parser.add_argument("--photos", type=Path, default=REPO.parent / "shared" / "media")
    parser.add_argument("--before", type=Path, help="an earlier build of the tool, timed beside it")
    a = parser.parse_args()
    files = make_folder(a.dir, a.files, a.photos)
    megabytes = sum(f.stat().st_size for f in files) / 1e6
    pixels = sum(Image.open(f).size[0] * Image.open(f).size[1] for f in files) / 1e6
    try:
        import cv2  # noqa: F401

        have_cv2 = True
    except ImportError:
        have_cv2 = False
    try:
        import imagehistogram  # noqa: F401

        have_package = True
    except ImportError:
        have_package = False
    ways = {
        "histogram (default)": lambda: tool(a.tool, a.dir),
        "histogram --method cpu": lambda: tool(a.tool, a.dir, "--method", "cpu"),
        "histogram --method packed": lambda: tool(a.tool, a.dir, "--method", "packed"),
    }
    if a.before:
        ways["before (default)"] = lambda: tool(a.before, a.dir)
        ways["before --method cpu"] = lambda: tool(a.before, a.dir, "--method", "cpu")
    ways |= {
        "pillow-1": lambda: sum(map(pillow_one, files)),
        f"pillow-pool ({a.jobs})": lambda: in_pool(pillow_one, files, a.jobs),
    }
    if have_package:
        ways["imagehistogram-1"] = lambda: package(files, 1)
        ways[f"imagehistogram-threads ({a.jobs})"] = lambda: package(files, a.jobs)
    if have_cv2:
        ways[f"opencv-pool ({a.jobs})"] = lambda: in_pool(opencv_one, files, a.jobs)
    times, sums = rounds(ways, a.rounds)
    print(f"{len(files)} JPEGs, {megabytes:.0f} MB, {pixels:.0f} megapixels; {os.cpu_count()} cores; "
          f"median of {a.rounds} rounds, alternating")
    reference = sums["histogram (default)"]
    print(f"{'how':28} {'seconds':>8} {'images/s':>9}  counts differing from the tool's")
    for name, ts in times.items():
        t = statistics.median(ts)
        differ = np.abs(sums[name] - reference).sum() / 2 / reference.sum()
        print(f"{name:28} {t:8.2f} {len(files) / t:9.1f}  {100 * differ:.4f}%")
    for (name, args), used in METHODS.items():
        print(f"{name} {' '.join(args) or '(default)'}: files by method, last round: {used}")
    best_peer = min((statistics.median(ts), n) for n, ts in times.items() if "pool" in n)
    for name in ("histogram (default)", "histogram --method cpu", "histogram --method packed"):
        print(f"{name} against {best_peer[1]}: {best_peer[0] / statistics.median(times[name]):.2f}x its speed")
    if a.before:
        for way in ("(default)", "--method cpu"):
            now, then = statistics.median(times[f"histogram {way}"]), statistics.median(times[f"before {way}"])
            print(f"histogram {way} against the build before: {then / now:.2f}x its speed")
    if have_package:
        one = statistics.median(times["pillow-1"])
        for name in ("imagehistogram-1", f"imagehistogram-threads ({a.jobs})"):
            print(f"{name} against pillow-1: {one / statistics.median(times[name]):.2f}x its speed")
    if not have_cv2:
        print("(OpenCV is not installed here: no opencv-pool row)")
    if not have_package:
        print("(the Python package is not installed here: `pip install ./python`)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
