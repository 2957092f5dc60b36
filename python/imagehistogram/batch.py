"""A batch of images counted at once, as data pipelines hand them over: encoded
images (a list of bytes, a NumPy object array of them, or an Arrow binary column,
read where its buffer lies) or decoded arrays; one row an image, its histogram or
its error, never a failed batch."""

import numpy as np

from ._native import Error, Total, _count_encoded, count, merge

CHANNELS = ("r", "g", "b", "luminance")


class Batch:
    """A batch's histograms, a row an image, in the batch's order.

    counts: NumPy uint32 of shape (n, 4, bins): R, G, B and luminance.
    width, height, depth: NumPy uint32 a row (bits a sample as counted; 0 where
    the row failed). method, notes, error: a list a row (error None where the
    row counted, else the command line's message, and its counts 0)."""

    def __init__(self, counts, width, height, depth, method, notes, error):
        self.counts, self.width, self.height, self.depth = counts, width, height, depth
        self.method, self.notes, self.error = method, notes, error

    def __len__(self):
        return len(self.error)

    def __repr__(self):
        failed = sum(e is not None for e in self.error)
        return f"<imagehistogram.Batch {len(self)} images, {self.counts.shape[2]} bins, {failed} not counted>"

    @property
    def bins(self):
        return self.counts.shape[2]

    @property
    def counted(self):
        """A bool a row: whether it was counted."""
        return np.array([e is None for e in self.error], dtype=bool)

    def to_arrow(self):
        """A pyarrow Table: r, g, b, luminance (a fixed-size list of `bins` uint32
        each, a channel's counts copied once into a column), width, height, depth,
        method, error (null where the row counted)."""
        import pyarrow as pa

        n, _, bins = self.counts.shape
        columns = {}
        for c, name in enumerate(CHANNELS):
            values = pa.array(np.ascontiguousarray(self.counts[:, c, :]).reshape(-1), type=pa.uint32())
            columns[name] = pa.FixedSizeListArray.from_arrays(values, bins)
        columns["width"] = pa.array(self.width, type=pa.uint32())
        columns["height"] = pa.array(self.height, type=pa.uint32())
        columns["depth"] = pa.array(self.depth, type=pa.uint32())
        columns["method"] = pa.array(self.method, type=pa.string())
        columns["error"] = pa.array(self.error, type=pa.string())
        return pa.table(columns)

    def total(self):
        """The Total of the rows counted (64-bit sums, as `total` gives), one
        picture a row; rows of different depths are merged by `merge`'s rules."""
        return total_of(self.counts, self.depth, self.counted)


def total_of(counts, depth, counted):
    """The Total of rows of counts (n, 4, bins) with their depths, where `counted`."""
    bins = counts.shape[2]
    parts = []
    for d in sorted(set(np.asarray(depth)[counted].tolist())):
        rows = counted & (np.asarray(depth) == d)
        sums = counts[rows].sum(axis=0, dtype=np.uint64)
        parts.append(Total(bins, d, int(rows.sum()), *(sums[c].tolist() for c in range(4))))
    if not parts:
        return Total(bins, None, 0, *([[0] * bins] * 4))
    return parts[0] if len(parts) == 1 else merge(parts)


def _concat(batches, bins):
    if not batches:
        empty = np.zeros(0, dtype=np.uint32)
        return Batch(np.zeros((0, 4, bins), dtype=np.uint32), empty, empty, empty, [], [], [])
    if len(batches) == 1:
        return batches[0]
    return Batch(
        np.concatenate([b.counts for b in batches]),
        *(np.concatenate([getattr(b, k) for b in batches]) for k in ("width", "height", "depth")),
        *([x for b in batches for x in getattr(b, k)] for k in ("method", "notes", "error")),
    )


def _arrow_binary(column, options):
    """An Arrow binary column's rows, read in its data buffer where it lies."""
    import pyarrow as pa

    if isinstance(column, pa.ChunkedArray):
        return _concat([_arrow_binary(chunk, options) for chunk in column.chunks], options.get("bins", 256))
    if not (pa.types.is_binary(column.type) or pa.types.is_large_binary(column.type)):
        # Binary views (and strings) are laid out otherwise: as large binary, a copy.
        column = column.cast(pa.large_binary())
    _, offsets, data = column.buffers()[:3]
    width = np.int64 if pa.types.is_large_binary(column.type) else np.int32
    offsets = np.frombuffer(offsets, dtype=width)[column.offset : column.offset + len(column) + 1].astype(np.int64)
    valid = column.is_valid().to_numpy(zero_copy_only=False).tolist() if column.null_count else None
    # Arrow's buffer as bytes ("B"), without a copy; none where every row is empty.
    data = b"" if data is None else memoryview(data).cast("B")
    return Batch(*_count_encoded([data], offsets, valid, **options))


def _decoded(arrays, jobs, options):
    """Decoded pictures (NumPy arrays), each counted by `count` on threads."""
    from concurrent.futures import ThreadPoolExecutor

    from . import _jobs

    def one(array):
        try:
            return count(array, **options), None
        except Error as e:
            return None, str(e)

    bins = options.get("bins", 256)
    with ThreadPoolExecutor(max_workers=_jobs(jobs)) as pool:
        done = list(pool.map(one, arrays))
    counts = np.zeros((len(done), 4, bins), dtype=np.uint32)
    width, height, depth = (np.zeros(len(done), dtype=np.uint32) for _ in range(3))
    method, notes, error = [], [], []
    for i, (h, e) in enumerate(done):
        if h is not None and h.hdr:
            h, e = None, "a floating-point (HDR) picture's bins span its own range: count it alone (ih.count)"
        if h is not None:
            counts[i] = [h.r, h.g, h.b, h.luminance]
            width[i], height[i], depth[i] = h.width, h.height, h.depth
        method.append(h and h.method)
        notes.append(h.notes if h else [])
        error.append(e)
    return Batch(counts, width, height, depth, method, notes, error)


def count_batch(images, bins=256, depth=None, method=None, decode="auto", jobs=None):
    """Counts a batch of images at once on `jobs` threads (default: every core),
    the GIL released, and gives their histograms as one Batch, a row an image.

    images: encoded images (files' bytes): a list of bytes-like objects (bytes,
    bytearray, memoryview), a NumPy object array of them, or an Arrow binary
    column (pyarrow Array or ChunkedArray; its data buffer is read where it lies,
    not copied); or decoded pictures: a list of NumPy arrays, or one array of
    shape (n, H, W[, C]). The options are `count`'s. An image that cannot be
    counted (damaged, a null row) is a row with its error."""
    options = {"bins": bins, "depth": depth, "method": method, "decode": decode}
    if type(images).__module__.startswith("pyarrow"):
        return _arrow_binary(images, {**options, "jobs": jobs})
    if isinstance(images, np.ndarray) and images.dtype != object:
        if images.ndim < 3:
            raise Error(f"an array of shape {images.shape}: a batch of pictures is (n, H, W) or (n, H, W, C)")
        return _decoded(list(images), jobs, options)
    images = list(images)
    if images and all(isinstance(i, np.ndarray) and i.ndim >= 2 for i in images):
        return _decoded(images, jobs, options)
    return Batch(*_count_encoded(images, None, None, jobs=jobs, **options))
