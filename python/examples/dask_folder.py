"""A folder of images counted on Dask: the files split into shards, each shard's
Total counted on a worker (every core of it), the Totals merged exactly.

    python python/examples/dask_folder.py photos/                   # a local cluster
    python python/examples/dask_folder.py photos/ --scheduler tcp://scheduler:8786

Without --scheduler it starts a LocalCluster of worker processes on this machine.
On a real cluster, start `dask scheduler` on one machine and `dask worker
tcp://scheduler:8786` on each of the others; every worker needs the package
(`pip install ./python`) and the files at the same paths (a shared file system),
or give it paths it can read (object storage mounted, or bytes via
`imagehistogram.count(data)`). The output is one JSON line, the same as
`histogram --total FOLDER` prints last, bin for bin.
"""

import argparse
import sys

import imagehistogram as ih


def count_folder(client, folder, shards=None, bins=256, depth=None):
    """The Total of `folder`'s images, counted by `client`'s workers in `shards`
    parts (default: four a worker) and merged here."""
    files = ih.images(folder)
    if not files:
        raise ih.Error(f"{folder}: no image in this folder")
    workers = len(client.scheduler_info()["workers"]) or 1
    shards = max(1, min(shards or 4 * workers, len(files)))
    parts = [files[i::shards] for i in range(shards)]
    # Each shard's Total comes back by pickle: a few KB, whatever the shard's size.
    # One thread a shard: Dask runs as many shards at once as its workers have threads.
    futures = client.map(ih.total, parts, jobs=1, bins=bins, depth=depth, pure=False)
    return ih.merge(client.gather(futures))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--scheduler", help="a running scheduler's address (default: a local cluster)")
    parser.add_argument("--workers", type=int, default=None, help="local worker processes")
    parser.add_argument("--shards", type=int, default=None)
    parser.add_argument("--bins", type=int, default=256)
    parser.add_argument("--stats", action="store_true", help="the set's statistics too")
    args = parser.parse_args()

    from dask.distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True)
        client = Client(cluster)
    with client:
        try:
            total = count_folder(client, args.folder, shards=args.shards, bins=args.bins)
        except ih.Error as e:
            print(f"dask_folder: {e}", file=sys.stderr)
            return 1
        print(total.to_json(args.stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
