"""A folder of images, or a set of Parquet shards with a column of image bytes,
counted on Ray Data: batches of encoded images counted by actors that each open
the engine (and the GPU) once, the total an exact aggregation of their rows.

    python python/examples/ray_folder.py photos/                     # a local cluster
    python python/examples/ray_folder.py --parquet shards/ --column image
    python python/examples/ray_folder.py photos/ --address auto        # a running cluster

Without --address it starts a local cluster on this machine. On a real cluster
(`ray start --head`, then `ray start --address HEAD:6379` on the others) every
node needs the package (`pip install ./python[ray]`) and the files at the same
paths (or Parquet shards it can read). The output is one JSON line, the same as
`histogram --total FOLDER` prints last, bin for bin; an image that cannot be read
is named on stderr, the others are counted, and the status is 1, as there.
"""

import argparse
import sys

import ray

import imagehistogram as ih
import imagehistogram.ray as ihr


def counted(ds, column, actors, batch_size, bins):
    """`ds`'s images counted by `actors` actors, `batch_size` images a batch. An
    actor counts on every core of its node (count_batch's threads), so it asks Ray
    for a share of a CPU: however many actors there are, they leave slots for
    reading the files and for the total, which would otherwise wait for a slot
    that no actor gives back."""
    cpus = ray.cluster_resources().get("CPU", 1)
    return ds.map_batches(
        ihr.Histograms,
        batch_format="pyarrow",
        batch_size=batch_size,
        compute=ray.data.ActorPoolStrategy(size=actors),
        num_cpus=min(1.0, cpus / (2 * actors)),
        fn_constructor_kwargs={"column": column, "bins": bins},
    )


def count_folder(folder, actors=1, batch_size=64, bins=256):
    """The Total of `folder`'s images (found as the command line finds them), the
    images not counted and the folders not read, each with why."""
    unread = []
    files = ih.images(folder, problems=unread)
    if not files:
        raise ih.Error(f"{folder}: no image in this folder")
    # Two reading tasks a CPU: Ray's default, a task for every few files, cost
    # three times the count on 2,000 small photos.
    cpus = int(ray.cluster_resources().get("CPU", 1))
    ds = ray.data.read_binary_files(files, include_paths=True, override_num_blocks=min(len(files), 2 * cpus))
    total, failed = ihr.total(counted(ds, "bytes", actors, batch_size, bins), bins)
    return total, failed, unread


def count_parquet(path, column, actors=1, batch_size=64, bins=256):
    """The Total of a Parquet data set's `column` of image bytes, and the rows not
    counted (their index in no particular order: a row has no path)."""
    ds = ray.data.read_parquet(path).select_columns([column])
    return ihr.total(counted(ds, column, actors, batch_size, bins), bins)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?")
    parser.add_argument("--parquet", help="a Parquet file or folder of shards, instead of a folder of images")
    parser.add_argument("--column", default="image", help="the Parquet column of image bytes")
    parser.add_argument("--address", help="a running cluster's address (default: a local cluster)")
    parser.add_argument("--actors", type=int, default=None, help="counting actors (default: one a node)")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--bins", type=int, default=256)
    parser.add_argument("--stats", action="store_true", help="the set's statistics too")
    args = parser.parse_args()
    if (args.folder is None) == (args.parquet is None):
        parser.error("a folder or --parquet, one of them")

    ray.init(address=args.address, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    ray.data.DataContext.get_current().enable_progress_bars = False
    actors = args.actors or len([n for n in ray.nodes() if n["Alive"]])
    try:
        unread = []
        if args.parquet:
            total, failed = count_parquet(args.parquet, args.column, actors, args.batch_size, args.bins)
        else:
            total, failed, unread = count_folder(args.folder, actors, args.batch_size, args.bins)
    except ih.Error as e:
        print(f"ray_folder: {e}", file=sys.stderr)
        return 1
    finally:
        ray.shutdown()
    for path, why in unread:
        print(f"ray_folder: {path}: {why}: not counted", file=sys.stderr)
    for path, why in failed:
        print(f"ray_folder: {path}: {why}" if path else f"ray_folder: a row: {why}", file=sys.stderr)
    print(total.to_json(args.stats))
    if failed:
        print(f"ray_folder: {len(failed)} of {total.files + len(failed)} files not counted (nor in the total)", file=sys.stderr)
    return 1 if failed or unread else 0


if __name__ == "__main__":
    sys.exit(main())
