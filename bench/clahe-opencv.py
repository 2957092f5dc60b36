#!/usr/bin/env python3
"""CLAHE beside OpenCV's createCLAHE, in one call on one machine.

For each grey picture: our CLAHE (`histogram adjust --clahe`, on the GPU and
with --method cpu) against OpenCV's on the same pixels, the largest difference
and the share of pixels that differ. Then the time of a 3840x2160 frame, 8x8
tiles, clip 2: ours on the GPU (timestamp queries around its passes, the frame
already on the GPU as a decoded video frame is) and OpenCV's apply() on the CPU
(wall clock, the frame already in memory), with OpenCV's threads and with one.

Usage: python3 bench/clahe-opencv.py HISTOGRAM [PICTURE...]
Needs numpy, Pillow and opencv-python-headless (not the tests: a benchmark).
"""
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

TILES, CLIP = 8, 2.0


def grey_of(path):
    """The picture's luma as the histogram counts it (0.2126 R + 0.7152 G + 0.0722 B,
    floored), as a grey picture: R = G = B, so our luma is exactly this grey."""
    rgb = np.asarray(Image.open(path).convert('RGB')).astype(np.uint32)
    return ((rgb @ np.array([2126, 7152, 722], np.uint32)) // 10000).astype(np.uint8)


def made_4k():
    """A 3840x2160 frame with a photo's spread: gradients, texture, noise."""
    y, x = np.mgrid[0:2160, 0:3840].astype(np.float32)
    rng = np.random.default_rng(7)
    v = (60 + 80 * (x / 3840) * (y / 2160) + 30 * np.sin(x / 97) * np.cos(y / 53)
         + rng.normal(0, 6, (2160, 3840)))
    v[:700, :1200] += 90  # a bright sky
    return np.clip(v, 0, 255).astype(np.uint8)


def ours(histogram, grey, work, *flags):
    src = Path(work, 'in.png')
    out = Path(work, 'out.png')
    Image.fromarray(grey, 'L').convert('RGB').save(src)
    subprocess.run([histogram, 'adjust', '--clahe', '--tiles', f'{TILES}x{TILES}', '--clip', str(CLIP),
                    *flags, str(src), str(out)], check=True)
    return np.asarray(Image.open(out).convert('RGB'))[:, :, 0]


def difference(a, b):
    d = np.abs(a.astype(np.int16) - b.astype(np.int16))
    return int(d.max()), 100.0 * np.count_nonzero(d) / d.size


def main():
    histogram = sys.argv[1]
    pictures = [(Path(p).name, grey_of(p)) for p in sys.argv[2:]]
    pictures.append(('made 3840x2160', made_4k()))
    clahe = cv2.createCLAHE(clipLimit=CLIP, tileGridSize=(TILES, TILES))
    print(f'OpenCV {cv2.__version__}, CLAHE {TILES}x{TILES} tiles, clip {CLIP}')
    print(f'{"picture":32} {"size":>11}  {"GPU vs OpenCV":>22}  {"CPU ref. vs OpenCV":>22}')
    with tempfile.TemporaryDirectory() as work:
        for name, grey in pictures:
            want = clahe.apply(grey)
            gpu = difference(ours(histogram, grey, work), want)
            cpu = difference(ours(histogram, grey, work, '--method', 'cpu'), want)
            size = f'{grey.shape[1]}x{grey.shape[0]}'
            print(f'{name[:32]:32} {size:>11}  max {gpu[0]:3}, {gpu[1]:6.3f}% differ  max {cpu[0]:3}, {cpu[1]:6.3f}% differ')

        frame = made_4k()
        src = Path(work, 'frame.png')
        Image.fromarray(frame, 'L').convert('RGB').save(src)
        line = subprocess.run([histogram, 'adjust', '--clahe', '--tiles', f'{TILES}x{TILES}', '--clip', str(CLIP),
                               '--time', '200', str(src)], check=True, capture_output=True, text=True).stdout.strip()
        gpu_ms = float(line.split('median of')[1].split('runs')[1].split('ms')[0])
        print(f'ours, GPU: {line}')
        for threads in (cv2.getNumThreads(), 1):
            cv2.setNumThreads(threads)
            for _ in range(3):
                clahe.apply(frame)
            times = []
            for _ in range(30):
                start = time.perf_counter()
                clahe.apply(frame)
                times.append((time.perf_counter() - start) * 1000)
            cpu_ms = sorted(times)[len(times) // 2]
            print(f'OpenCV, {threads} thread(s): median of 30 runs {cpu_ms:.3f} ms; the GPU is {cpu_ms / gpu_ms:.1f}x faster')


if __name__ == '__main__':
    main()
