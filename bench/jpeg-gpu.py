#!/usr/bin/env python3
"""JPEG decoding on the GPU beside the CPU's and nvJPEG's (issue #74, item 3), in
one run, rounds alternating, on a folder of photos made here (seeded, the same on
every machine): 400 of 2048-2560 x 1365-1706 pixels cut from the shared photos,
saved by Pillow at qualities 85-94 with its defaults (4:2:0, baseline).

  histogram --total                 the default (--decode auto): the GPU opened
                                    once what is left would pay for it
  histogram --method cpu            the CPU alone (the default before DECISIONS 81)
  histogram --decode cpu --total    libjpeg-turbo decodes, the GPU counts
  histogram --decode gpu --total    libjpeg-turbo's entropy decoding, then the
                                    IDCT, upsampling, colour and count on the GPU
  opencv-pool      cv2.imread + calcHist, a process a core
  turbo-decode     cv2.imread alone, a process a core: the floor of every CPU way
  nvjpeg           torchvision.io.decode_jpeg on cuda, batches of 64, + torch.bincount
  count_batch      imagehistogram.count_batch(decode="gpu") on the files' bytes, in
                   this process, its GPU opened by a first call: timed as nvjpeg is
                   (where the package is importable, e.g. PYTHONPATH)

Each row's R, G and B totals are compared with Pillow's (a process a core), bin
for bin: the share of counts in other bins is printed.

Usage: bench/jpeg-gpu.py [--files 400] [--rounds 3] [--dir DIR] [--jobs N]
                         [--tool PATH] [--photos DIR]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image

import many  # bench/many.py: the same folder maker and peers
from many import in_pool, opencv_one, pillow_one

REPO = Path(__file__).resolve().parent.parent


def make_folder(folder, count, photos):
    """`count` JPEGs of 2048-2560 x 1365-1706 at qualities 85-94, made once."""
    size = lambda rng: (rng.randint(2048, 2560), rng.randint(1365, 1706))  # noqa: E731
    return many.make_folder(folder, count, photos, size=size, qualities=(85, 94), seed=74)


def decode_one(path):
    import cv2

    cv2.setNumThreads(1)
    cv2.imread(str(path), cv2.IMREAD_COLOR)
    return 0


def tool(path, files_dir, *args):
    out = subprocess.run([str(path), "--quiet", "--total", *args, str(files_dir)],
                         check=True, capture_output=True, text=True).stdout
    last = json.loads(out.strip().splitlines()[-1])
    return np.array([last[c] for c in ("r", "g", "b")], dtype=np.int64)


def methods(path, files_dir, *args):
    """How many files each method counted, in one run."""
    out = subprocess.run([str(path), "--quiet", *args, str(files_dir)],
                         check=True, capture_output=True, text=True).stdout
    tally = {}
    for line in out.splitlines():
        method = json.loads(line).get("method")
        tally[method] = tally.get(method, 0) + 1
    return tally


def nvjpeg(files, batch=64):
    import torch
    from torchvision.io import decode_jpeg, read_file

    total = torch.zeros((3, 256), dtype=torch.int64, device="cuda")
    for i in range(0, len(files), batch):
        datas = [read_file(str(f)) for f in files[i:i + batch]]
        for image in decode_jpeg(datas, device="cuda"):
            for c in range(3):
                total[c] += torch.bincount(image[c].flatten(), minlength=256)
    torch.cuda.synchronize()
    return total.cpu().numpy()


def count_batch(files, decode):
    import imagehistogram as ih

    batch = ih.count_batch([f.read_bytes() for f in files], decode=decode)
    assert all(e is None for e in batch.error), batch.error
    return batch.counts[:, :3, :].astype(np.int64).sum(axis=0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "histogram-jpeg-gpu")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--tool", type=Path, default=REPO / "target" / "release" / "histogram")
    parser.add_argument("--photos", type=Path, default=REPO.parent / "shared" / "media")
    a = parser.parse_args()
    files = make_folder(a.dir, a.files, a.photos)
    megabytes = sum(f.stat().st_size for f in files) / 1e6
    pixels = sum(Image.open(f).size[0] * Image.open(f).size[1] for f in files) / 1e6
    ways = {
        "histogram --total": lambda: tool(a.tool, a.dir),
        "histogram --method cpu": lambda: tool(a.tool, a.dir, "--method", "cpu"),
        "histogram --decode cpu": lambda: tool(a.tool, a.dir, "--decode", "cpu"),
        "histogram --decode gpu": lambda: tool(a.tool, a.dir, "--decode", "gpu"),
        # The GPU opened at once: with --decode auto the JPEGs are shared (DECISIONS 76).
        "histogram --backend vulkan": lambda: tool(a.tool, a.dir, "--backend", "vulkan"),
        "  ... --decode cpu": lambda: tool(a.tool, a.dir, "--backend", "vulkan", "--decode", "cpu"),
    }
    try:
        import cv2  # noqa: F401

        ways[f"opencv-pool ({a.jobs})"] = lambda: in_pool(opencv_one, files, a.jobs)
        ways[f"turbo-decode ({a.jobs})"] = lambda: in_pool(decode_one, files, a.jobs)
    except ImportError:
        print("(OpenCV is not installed here: no opencv-pool or turbo-decode row)")
    try:
        import torch

        if torch.cuda.is_available():
            nvjpeg(files[:8])  # its first call loads the library
            ways["nvjpeg (torchvision, cuda)"] = lambda: nvjpeg(files)
        else:
            print("(no CUDA device: no nvjpeg row)")
    except ImportError:
        print("(torch is not installed here: no nvjpeg row)")
    try:
        import imagehistogram  # noqa: F401

        count_batch(files[:8], "gpu")  # its first call opens the GPU
        for decode in ("gpu", "auto"):
            ways[f"count_batch (decode={decode})"] = lambda d=decode: count_batch(files, d)
    except ImportError:
        print("(imagehistogram is not importable here: no count_batch row)")
    pillow = in_pool(pillow_one, files, a.jobs)
    times, sums = many.rounds(ways, a.rounds)
    print(f"{len(files)} JPEGs, {megabytes:.0f} MB, {pixels:.0f} megapixels; {os.cpu_count()} cores; "
          f"median of {a.rounds} rounds, alternating")
    print(f"{'how':30} {'seconds':>8} {'images/s':>9}  counts in other bins than Pillow's")
    for name, ts in times.items():
        t = statistics.median(ts)
        s = sums[name]
        differ = "—" if np.isscalar(s) else f"{np.abs(s - pillow).sum() / 2:.0f} of {pillow.sum()}"
        print(f"{name:30} {t:8.3f} {len(files) / t:9.1f}  {differ}")
    print(f"the default's files by method, one more run: {methods(a.tool, a.dir)}")
    gpu = statistics.median(times["histogram --decode gpu"])
    for name, ts in times.items():
        if not name.startswith("histogram --decode gpu"):
            print(f"histogram --decode gpu against {name}: {statistics.median(ts) / gpu:.2f}x its speed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
