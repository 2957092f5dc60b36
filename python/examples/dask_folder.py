"""A folder of images counted on Dask: the files split into shards, each shard's
Total counted on a worker (batches of files by `count_batch`, every core of it),
the Totals merged exactly.

    python python/examples/dask_folder.py photos/                   # a local cluster
    python python/examples/dask_folder.py photos/ --scheduler tcp://scheduler:8786

Without --scheduler it starts a LocalCluster of worker processes on this machine.
On a real cluster, start `dask scheduler` on one machine and `dask worker
tcp://scheduler:8786` on each of the others; every worker needs the package
(`pip install ./python`) and the files at the same paths (a shared file system),
or give it paths it can read (object storage mounted, or bytes via
`imagehistogram.count(data)`). The output is one JSON line, the same as
`histogram --total FOLDER` prints last, bin for bin; a file that cannot be read is
named on stderr, the others are counted, and the status is 1, as there.
"""

import argparse
import sys

import imagehistogram as ih


def count_shard(files, bins=256, depth=None, batch=64):
    """One shard's Total, of the files it could count, and those it could not,
    each with why: a damaged file is named, as the command line names it, and the
    rest still count. The files are counted `batch` at a time by `count_batch`
    (their bytes read here, counted on every core of the worker at once)."""
    failed, totals = [], []
    for at in range(0, len(files), batch):
        names, data = [], []
        for name in files[at : at + batch]:
            try:
                with open(name, "rb") as f:
                    data.append(f.read())
                names.append(name)
            except OSError:
                # Said in the command line's words: the engine opens it again.
                try:
                    ih.count(name, bins=bins, depth=depth)
                except ih.Error as e:
                    failed.append((name, str(e)))
        counted = ih.count_batch(data, bins=bins, depth=depth)
        failed += [(name, f"{name}: {why}") for name, why in zip(names, counted.error) if why is not None]
        totals.append(counted.total())
    counted = [t for t in totals if t.files]
    return (ih.merge(counted) if counted else ih.Total(bins, None, 0, *([[0] * bins] * 4))), failed


def count_folder(client, folder, shards=None, bins=256, depth=None):
    """The Total of `folder`'s images, counted by `client`'s workers in `shards`
    parts (default: four a worker) and merged here; the files that could not be
    counted, and the folders that could not be read (their images are not in the
    total, as on the command line), each with why."""
    unread = []
    files = ih.images(folder, problems=unread)
    if not files:
        raise ih.Error(f"{folder}: no image in this folder")
    workers = len(client.scheduler_info()["workers"]) or 1
    shards = max(1, min(shards or 4 * workers, len(files)))
    parts = [files[i::shards] for i in range(shards)]
    # Each shard's Total comes back by pickle: a few KB, whatever the shard's size.
    # One thread a shard: Dask runs as many shards at once as its workers have threads.
    futures = client.map(count_shard, parts, bins=bins, depth=depth, pure=False)
    done = client.gather(futures)
    failed = sorted(f for _, shard_failed in done for f in shard_failed)
    counted = [total for total, _ in done if total.files]
    total = ih.merge(counted) if counted else ih.Total(bins, None, 0, *([[0] * bins] * 4))
    return total, failed, unread


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
            total, failed, unread = count_folder(client, args.folder, shards=args.shards, bins=args.bins)
        except ih.Error as e:
            print(f"dask_folder: {e}", file=sys.stderr)
            return 1
        for path, why in unread:
            print(f"dask_folder: {path}: {why}: not counted", file=sys.stderr)
        for _, why in failed:
            print(f"dask_folder: {why}", file=sys.stderr)
        print(total.to_json(args.stats))
    if failed:
        print(f"dask_folder: {len(failed)} of {total.files + len(failed)} files not counted (nor in the total)", file=sys.stderr)
    return 1 if failed or unread else 0


if __name__ == "__main__":
    sys.exit(main())
