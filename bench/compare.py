#!/usr/bin/env python3
"""Ratios of our fastest exact method to CUB and to the read-only floor, per case;
then, per method, the time of each image shape over the time of the first size run
with the same pixel count (1x2073600 against 1920x1080: the shape should not matter).

usage: compare.py OURS.txt CUB.txt   (outputs of `histogram bench` and cub_hist, same run)
"""
import sys

ours, cub = {}, {}
# A photo is named by its file: a short name keeps the columns.
short = lambda name: name.removeprefix("pexels-").rsplit(".", 1)[0][:8] if "." in name else name
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) >= 6 and not line.startswith("#") and f[0] != "method" and f[3] != "-":
        ours.setdefault((f[1], short(f[2])), {})[f[0]] = (float(f[3]), f[5])
for line in open(sys.argv[2]):
    f = line.split()
    if len(f) == 6 and f[3] == "warm":
        cub.setdefault((f[1], short(f[2])), {})[f[0]] = float(f[4])

print(f"{'size':<10} {'image':<8} {'fastest':<11} {'ours_us':>8} {'cub_us':>8} {'ours/cub':>8} "
      f"{'floor_us':>8} {'ours/floor':>10} {'reduce/ours':>11}")
for key in sorted(ours, key=lambda k: (int(k[0].split('x')[0]) * int(k[0].split('x')[1]), k[1])):
    exact = {m: us for m, (us, check) in ours[key].items() if check == "ok"}
    if not exact or key not in cub:
        continue
    best = min(exact, key=exact.get)
    us, c = exact[best], cub[key]
    reduce = exact.get("chunks-reduce")
    print(f"{key[0]:<10} {key[1]:<8} {best:<11} {us:8.1f} {c['cub']:8.1f} {us / c['cub']:8.2f} "
          f"{c['readonly']:8.1f} {us / c['readonly']:10.2f} "
          + (f"{reduce / us:11.1f}" if reduce else f"{'-':>11}"))

pixels = lambda size: int(size.split("x")[0]) * int(size.split("x")[1])
first = {}
for size, kind in ours:
    first.setdefault((pixels(size), kind), size)
shapes = [(size, kind) for size, kind in ours if first[(pixels(size), kind)] != size]
if shapes:
    print()
    print(f"{'size':<10} {'image':<8} {'method':<14} {'us':>8} {'against':<10} {'us':>8} {'ratio':>6}")
    for size, kind in shapes:
        base = first[(pixels(size), kind)]
        for method, (us, check) in ours[(size, kind)].items():
            if method in ours[(base, kind)]:
                b = ours[(base, kind)][method][0]
                print(f"{size:<10} {kind:<8} {method:<14} {us:8.1f} {base:<10} {b:8.1f} {us / b:6.2f}")
