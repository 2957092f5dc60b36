"""Image histograms of files, bytes and NumPy arrays, counted by the histogram
crate's engine: on the GPU where there is one, else by the CPU method, the same
exact bins either way, and the same numbers as the `histogram` command line.

    >>> import imagehistogram as ih
    >>> h = ih.count("photo.jpg")                  # R, G, B, luminance: 256 bins each
    >>> h.r, h.stats["luminance"]["mean"]
    >>> t = ih.total(ih.images("photos/"))         # a folder: its images, on every core
    >>> ih.merge([t, ih.Total.from_json(line)])    # shards from anywhere, summed exactly

A histogram is additive: a set's is the sum of its pictures', and its mean,
deviation and percentiles follow exactly from the summed bins, so shards can be
counted in other threads, processes or machines (see examples/dask_folder.py)
and merged. Counting releases the GIL, so threads scale.
"""

import os
import tempfile
from concurrent.futures import ThreadPoolExecutor


def _quiet_runtime_dir():
    """Mesa's Vulkan drivers print "XDG_RUNTIME_DIR is invalid or not set" on
    stderr where it is missing (a container, a cron job, a Dask worker): a private
    one for the process, as the command line makes, before any GPU is opened."""
    here = os.environ.get("XDG_RUNTIME_DIR")
    if here and os.path.isdir(here):
        return
    private = os.path.join(tempfile.gettempdir(), "histogram-xdg")
    try:
        os.makedirs(private, mode=0o700, exist_ok=True)
        os.environ["XDG_RUNTIME_DIR"] = private
    except OSError:
        pass


_quiet_runtime_dir()

from ._native import Error, Histogram, Total, count, merge, methods  # noqa: E402

__all__ = [
    "Error",
    "Histogram",
    "Total",
    "count",
    "count_all",
    "images",
    "merge",
    "methods",
    "total",
]

# The file endings the decoder reads: the command line's (src/bin/histogram/files.rs).
IMAGE_ENDINGS = (
    ".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp", ".tif", ".tiff", ".ico", ".hdr",
    ".exr", ".jfif",
)


def images(folder):
    """The image files under `folder` (recursively, by their endings), in the order
    of their paths: the files `histogram FOLDER` counts, in its order."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        found.extend(
            os.path.join(root, f) for f in files if f.lower().endswith(IMAGE_ENDINGS)
        )
    return sorted(found)


def count_all(sources, jobs=None, **options):
    """Counts each of `sources` (paths, bytes or arrays) on `jobs` threads (default:
    every core), yielding each one's Histogram in their order; the options are
    `count`'s. A source that cannot be counted raises its Error in its turn."""
    jobs = jobs or os.cpu_count() or 1
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(lambda source: count(source, **options), sources)


def total(sources, jobs=None, **options):
    """The Total of `sources` (see `count_all`): one histogram for all of them, in
    64-bit counts, with the whole set's statistics."""
    return merge(count_all(sources, jobs=jobs, **options))
