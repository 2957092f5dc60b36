"""Image histograms of files, bytes and NumPy arrays, counted by the histogram
crate's engine: on the GPU where there is one, else by the CPU method, the same
exact bins either way, and the same numbers as the `histogram` command line.

    >>> import imagehistogram as ih
    >>> h = ih.count("photo.jpg")                  # R, G, B, luminance: 256 bins each
    >>> h.r, h.stats["luminance"]["mean"]
    >>> t = ih.total(ih.images("photos/"))         # a folder: its images, on every core
    >>> ih.merge([t, ih.Total.from_json(line)])    # shards from anywhere, summed exactly
    >>> b = ih.count_batch(column)                 # encoded images: bytes, or Arrow's binary
    >>> b.counts.shape, b.error[:3], b.to_arrow()  # (n, 4, 256) uint32; a row an image

A histogram is additive: a set's is the sum of its pictures', and its mean,
deviation and percentiles follow exactly from the summed bins, so shards can be
counted in other threads, processes or machines (see examples/dask_folder.py)
and merged. Counting releases the GIL, so threads scale. A batch of encoded
images (`count_batch`) is read where it lies and counted on every core at once,
as a data pipeline hands it over (Ray Data: `imagehistogram.ray`).
"""

import collections
import itertools
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

from ._native import Error, Histogram, Total, count, merge, methods, walk  # noqa: E402
from .batch import Batch, count_batch  # noqa: E402

__all__ = [
    "Batch",
    "Error",
    "Histogram",
    "Total",
    "count",
    "count_all",
    "count_batch",
    "images",
    "merge",
    "methods",
    "total",
]

# More threads than this a core only wait for the CPU, each holding a picture:
# the command line's cap on --jobs.
_JOBS_PER_CORE = 4


def images(folder, problems=None):
    """The image files under `folder`, as `histogram FOLDER` counts them: by their
    endings, in the order of their paths, links to files followed, each file once.
    A folder that cannot be read (a link to a folder too: not followed), or a FIFO
    or device with an image's ending, is said with a warning (`warnings`), or put
    in `problems`, a list, as (path, why) where one is given; the rest are given."""
    import warnings

    found, met = walk(folder)
    for path, why in met:
        if problems is None:
            warnings.warn(f"{os.fsdecode(path)}: {why}", stacklevel=2)
        else:
            problems.append((os.fsdecode(path), why))
    return [os.fsdecode(path) for path in found]


def _each_file_once(sources):
    """`sources` with a file named again (another spelling, a link, the same name
    twice) left out, said with a warning, as the command line counts it once.
    Bytes and arrays are pictures, not names: each is counted."""
    import warnings

    seen = {}
    for source in sources:
        if isinstance(source, (str, os.PathLike)):
            try:
                st = os.stat(source)
            except OSError:
                yield source  # its error comes when it is counted
                continue
            first = seen.setdefault((st.st_dev, st.st_ino), source)
            if first is not source:
                warnings.warn(f"{os.fsdecode(source)}: the same file as {os.fsdecode(first)}: counted once", stacklevel=3)
                continue
        yield source


def _jobs(jobs):
    cores = os.cpu_count() or 1
    if jobs is None:
        return cores
    if jobs < 1:
        raise Error(f"jobs={jobs}: at least 1")
    return min(jobs, _JOBS_PER_CORE * cores)


def _in_order(work, sources, jobs):
    """`work` of each source on `jobs` threads, yielded in the sources' order, at
    most twice `jobs` ahead of the one yielded: a source that takes long holds back
    a few results, not every later one."""
    jobs = _jobs(jobs)
    sources = iter(sources)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        ahead = collections.deque()
        for source in sources:
            ahead.append(pool.submit(work, source))
            if len(ahead) >= 2 * jobs:
                yield ahead.popleft().result()
        while ahead:
            yield ahead.popleft().result()


def count_all(sources, jobs=None, **options):
    """Counts each of `sources` (paths, bytes or arrays) on `jobs` threads (default:
    every core; at most 4 a core), yielding each one's Histogram in their order; the
    options are `count`'s. A source that cannot be counted raises its Error in its
    turn."""
    yield from _in_order(lambda source: count(source, **options), sources, jobs)


# A picture's counts are 32-bit: an array of more pixels is counted in bands of
# rows (views, not copies) whose Totals sum in 64 bits.
_MAX_PIXELS = 2**32 - 1
_BAND_PIXELS = 1 << 28


def _counted(source, **options):
    """`count(source)` as a Total's part: a Histogram, or for an array of more
    pixels than 32-bit counts hold, the Total of its bands, as one picture."""
    shape = getattr(source, "shape", None)
    if shape is None or len(shape) < 2 or shape[0] * shape[1] <= _MAX_PIXELS:
        return count(source, **options)
    if options.get("region") is not None:
        raise Error("region=: a region of an array past 2^32 pixels is counted as its own array: total([a[y:y + h, x:x + w]])")
    rows = max(1, _BAND_PIXELS // max(1, shape[1]))
    bands = merge(count(source[y : y + rows], **options) for y in range(0, shape[0], rows))
    return Total(bands.bins, bands.depth, 1, bands.r, bands.g, bands.b, bands.luminance)


def total(sources, jobs=None, on_error=None, **options):
    """The Total of `sources` (see `count_all`): one histogram for all of them, in
    64-bit counts, with the whole set's statistics.

    A source that cannot be counted raises its Error; with `on_error`, a function,
    it is called with the source and the Error instead, in the sources' order and
    on this thread, and the rest are counted, as the command line goes on past a
    damaged file (it may collect them, or raise to stop). The Total is then of the
    sources counted. A file named twice (or reached by a link) is counted once,
    and said with a warning. An array of more than 2^32 - 1 pixels, past what a
    picture's 32-bit counts hold, is counted in bands of rows: one picture in
    the Total's 64-bit counts."""

    def one(source):
        try:
            return source, _counted(source, **options), None
        except Error as e:
            if on_error is None:
                raise
            return source, None, e

    def counted():
        # on_error is called here, in the sources' order and on the caller's
        # thread, so what it collects is in order and it may keep no lock.
        for source, h, e in _in_order(one, sources, jobs):
            if e is None:
                yield h
            else:
                on_error(source, e)

    sources = _each_file_once(sources)
    counted = counted()
    first = next(counted, None)
    if first is None:
        bins = options.get("bins", 256)
        return Total(bins, None, 0, *([[0] * bins] * 4))
    # A region asked for is counted in every source: their regions are summed.
    return merge(itertools.chain([first], counted), regions=options.get("region") is not None)
