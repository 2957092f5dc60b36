"""Ray Data: a data set of encoded images counted by actors that each open the
engine (and the GPU, where there is one) once, and the set's exact total as an
aggregation, without collecting the rows.

    >>> import ray, imagehistogram as ih, imagehistogram.ray as ihr
    >>> ds = ray.data.read_binary_files(ih.images("photos/"), include_paths=True)
    >>> counted = ds.map_batches(ihr.Histograms, batch_format="pyarrow",
    ...                          compute=ray.data.ActorPoolStrategy(size=1), num_cpus=0.5)
    >>> total, failed = ihr.total(counted)   # an ih.Total (64-bit sums) and [(path, why)]

A Parquet column of image bytes is counted the same way
(`ihr.Histograms, fn_constructor_kwargs={"column": "image"}`). Ray is an
optional extra: `pip install ./python[ray]`.
"""

import json

import numpy as np
from ray.data.aggregate import AggregateFnV2
from ray.data.block import BlockAccessor

import imagehistogram as ih

from .batch import CHANNELS, total_of


class Histograms:
    """A stage for `Dataset.map_batches(Histograms, batch_format="pyarrow")`: each
    batch's `column` of encoded images ("bytes", as `read_binary_files` names it)
    counted at once by `count_batch`, every core of the actor, the GIL released.
    Its other columns (a "path") are kept; the histograms are added as columns r,
    g, b and luminance (a fixed-size list of `bins` uint32 each), with width,
    height, depth, method and error (null where the image counted). The options
    are `count_batch`'s. The engine is opened when the actor starts. An actor
    counts on every core of its node: one a node is enough, and asking Ray for
    less than the node's CPUs (`num_cpus=0.5`) leaves slots for reading files."""

    def __init__(self, column="bytes", **options):
        self.column, self.options = column, options
        ih.count_batch([], **options)

    def __call__(self, batch):
        import pyarrow as pa

        if isinstance(batch, dict):
            batch = pa.table({k: list(v) if getattr(v, "dtype", None) == object else v for k, v in batch.items()})
        counted = ih.count_batch(batch.column(self.column), **self.options).to_arrow()
        for name in batch.column_names:
            if name != self.column:
                counted = counted.append_column(name, batch.column(name))
        return counted


class Total(AggregateFnV2):
    """The total of a data set that `Histograms` counted, for `Dataset.aggregate`:
    the rows counted summed in 64 bits, exactly, and the rows not counted named
    with why. Each block's part is the command line's JSON line of its total, so
    parts merge with `ih.merge`'s rules; its result is JSON,
    {"total": line or null, "failed": [[path or row, why], ...]} (`total` reads it)."""

    def __init__(self, name="total"):
        super().__init__(name, zero_factory=lambda: None, on=None, ignore_nulls=True)

    def aggregate_block(self, block):
        table = BlockAccessor.for_block(block).to_arrow()
        if table.num_rows == 0:
            return None
        bins = table.schema.field("r").type.list_size
        errors = table.column("error").to_pylist()
        counted = np.array([e is None for e in errors], dtype=bool)
        counts = np.stack(
            [table.column(c).combine_chunks().flatten().to_numpy().reshape(-1, bins) for c in CHANNELS], axis=1
        )
        depth = table.column("depth").to_numpy()
        names = table.column("path").to_pylist() if "path" in table.column_names else [None] * len(errors)
        failed = [[name, why] for name, why in zip(names, errors) if why is not None]
        line = total_of(counts, depth, counted).to_json(False) if counted.any() else None
        return json.dumps({"total": line, "failed": failed})

    def combine(self, current, new):
        a, b = json.loads(current), json.loads(new)
        lines = [p["total"] for p in (a, b) if p["total"] is not None]
        line = ih.merge(ih.Total.from_json(x) for x in lines).to_json(False) if len(lines) == 2 else (lines or [None])[0]
        return json.dumps({"total": line, "failed": a["failed"] + b["failed"]})

    def finalize(self, accumulator):
        return accumulator


def total(counted, bins=256):
    """The Total of a data set `Histograms` counted (an `ih.Total`, empty with
    `bins` bins where nothing counted) and the images not counted, [(path, why)]
    in their paths' order (a row's path where the data set has one).

    Each block's part is made where the block lies, and only the parts (a few KB
    each) come here to be combined: `Dataset.aggregate(Total())` gives the same,
    through Ray's hash aggregation, 3.4 times slower on 2,000 small photos
    (bench/results/2026-12-03h-data-sets.md)."""
    agg = Total()

    def parts(table):
        import pyarrow as pa

        return pa.table({"part": [agg.aggregate_block(table)]}, schema=pa.schema([("part", pa.string())]))

    found = [row["part"] for row in counted.map_batches(parts, batch_format="pyarrow", batch_size=None).take_all()]
    found = [p for p in found if p is not None]
    line = None
    for part in found:
        line = part if line is None else agg.combine(line, part)
    result = json.loads(line or '{"total": null, "failed": []}')
    failed = sorted(((name, why) for name, why in result["failed"]), key=lambda f: (str(f[0]), f[1]))
    if result["total"] is None:
        return ih.Total(bins, None, 0, *([[0] * bins] * 4)), failed
    return ih.Total.from_json(result["total"]), failed
