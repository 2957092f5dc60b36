#!/usr/bin/env python3
"""Many small photos counted three ways (issue #76), side by side in one run,
rounds alternating, each total equal to the command line's bin for bin:

  histogram --total DIR          the command line, every core
  dask  python/examples/dask_folder.py's count_folder: a LocalCluster of a worker
        process a core, shards of files counted by count_batch
  ray   python/examples/ray_folder.py's count_folder: Ray Data on a local
        cluster, read_binary_files, the Histograms stage (actors), the exact Total
        aggregation

The clusters are started once, before the rounds (their start is printed, not
timed in the rounds). The folder is made from the repository's photos
(../shared/media): seeded crops scaled to 320-640 x 240-480, saved by Pillow at
qualities 80-95, so every run on every machine counts the same files.

Usage: bench/data-sets.py [--files 10000] [--rounds 3] [--dir DIR] [--workers N]
                          [--actors N] [--tool PATH] [--photos DIR]
(after `make tools` and `make python`: in .venv, with dask and ray installed.)
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "python" / "examples"))

import dask_folder  # noqa: E402
import ray_folder  # noqa: E402
from many import make_folder  # noqa: E402


def small(rng):
    return rng.randint(320, 640), rng.randint(240, 480)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "histogram-data-sets-bench")
    parser.add_argument("--workers", type=int, default=os.cpu_count(), help="Dask worker processes")
    parser.add_argument("--actors", type=int, default=1, help="Ray Data actors (each counts on every core)")
    parser.add_argument("--tool", type=Path, default=REPO / "target" / "release" / "histogram")
    parser.add_argument("--photos", type=Path, default=REPO.parent / "shared" / "media")
    args = parser.parse_args()

    files = make_folder(args.dir / f"{args.files}", args.files, args.photos, size=small)
    folder = str(files[0].parent)
    size = sum(f.stat().st_size for f in files)
    print(f"{len(files)} photos, {size / 2**20:.0f} MB, in {folder}; {os.cpu_count()} cores")

    import ray
    from dask.distributed import Client, LocalCluster

    started = time.perf_counter()
    cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(cluster)
    print(f"dask: {args.workers} workers started in {time.perf_counter() - started:.1f} s")
    started = time.perf_counter()
    ray.init(include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    ray.data.DataContext.get_current().enable_progress_bars = False
    print(f"ray: started in {time.perf_counter() - started:.1f} s")

    def tool():
        done = subprocess.run([str(args.tool), "--total", folder], capture_output=True, text=True, check=True)
        return json.loads(done.stdout.splitlines()[-1])

    def dask():
        total, failed, unread = dask_folder.count_folder(client, folder)
        assert not failed and not unread
        return json.loads(total.to_json(False))

    def ray_data():
        total, failed, unread = ray_folder.count_folder(folder, actors=args.actors, batch_size=64)
        assert not failed and not unread
        return json.loads(total.to_json(False))

    ways = {"histogram --total": tool, f"dask ({args.workers} workers)": dask, f"ray data ({args.actors} actors)": ray_data}
    times = {name: [] for name in ways}
    want = None
    for r in range(args.rounds):
        for name, way in ways.items():
            t = time.perf_counter()
            got = way()
            times[name].append(time.perf_counter() - t)
            keys = ("files", "bins", "depth", "r", "g", "b", "luminance")
            if want is None:
                want = {k: got[k] for k in keys}
            assert {k: got[k] for k in keys} == want, f"{name}: its total differs from the command line's"
        print(f"round {r + 1}: " + ", ".join(f"{n} {t[-1]:.2f} s" for n, t in times.items()))
    client.close()
    cluster.close()
    ray.shutdown()

    print(f"\n| how | seconds (median of {args.rounds}) | images/s | total |")
    print("|---|---:|---:|---|")
    for name, t in times.items():
        m = statistics.median(t)
        print(f"| {name} | {m:.2f} | {len(files) / m:,.0f} | equal to the command line's, bin for bin |")


if __name__ == "__main__":
    main()
