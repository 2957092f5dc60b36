"""A folder and Parquet shards counted on Ray Data (a local cluster), against the
command line's `--total` of the same images: the stage, the exact aggregation,
damaged images named, a killed actor survived with nothing counted twice."""

import json
import os
import pathlib
import subprocess
import sys
import time

import numpy as np
import pytest

ray = pytest.importorskip("ray")
pq = pytest.importorskip("pyarrow.parquet")

import imagehistogram as ih  # noqa: E402
import imagehistogram.ray as ihr  # noqa: E402
from test_count import CLI  # noqa: E402
from test_dask import pictures_folder  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python" / "examples"))
import ray_folder  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    """A local cluster of this machine's cores, started within a minute."""
    started = time.monotonic()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    took = time.monotonic() - started
    assert took < 60, f"Ray started in {took:.0f} s"
    ray.data.DataContext.get_current().enable_progress_bars = False
    # The stages a test defines go to the workers by value.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """Thirty pictures of three kinds in nested folders, three JPEGs cut short, and
    a file that is none."""
    root = pictures_folder(tmp_path_factory.mktemp("ray-set"), 30, 76)
    for i in (4, 13, 22):
        path = root / "part1" / f"{i:02}.jpg"
        path.write_bytes(path.read_bytes()[:40])
    return root


def command_lines_total(folder):
    done = subprocess.run([str(CLI), "--method", "cpu", "--total", "--stats", str(folder)], capture_output=True, text=True)
    return done.returncode, json.loads(done.stdout.splitlines()[-1]), done.stderr


def assert_same(total, want):
    got = json.loads(total.to_json(True))
    for key in ("files", "bins", "depth", "r", "g", "b", "luminance", "stats"):
        assert got[key] == want[key], key


def test_a_folder_on_ray_equals_the_command_lines_total(cluster, folder):
    status, want, said = command_lines_total(folder)
    assert status == 1 and want["files"] == 27
    # Two actors on two CPUs: each asks for a share, and the files are still read.
    total, failed, unread = ray_folder.count_folder(str(folder), actors=2, batch_size=4)
    assert unread == []
    assert_same(total, want)
    # The damaged ones named, with the command line's reasons.
    assert [pathlib.Path(p).name for p, _ in failed] == ["04.jpg", "13.jpg", "22.jpg"]
    for path, why in failed:
        assert f"{path}: {why}" in said, (path, why, said)


def test_parquet_shards_on_ray_equal_the_same_images_total(cluster, folder, tmp_path):
    import pyarrow as pa

    files = ih.images(folder)
    shards = tmp_path / "shards"
    shards.mkdir()
    for s in range(3):
        part = files[s::3]
        pq.write_table(pa.table({"image": pa.array([pathlib.Path(f).read_bytes() for f in part], type=pa.binary()),
                                 "name": [pathlib.Path(f).name for f in part]}), shards / f"{s}.parquet")
    total, failed = ray_folder.count_parquet(str(shards), "image", actors=1, batch_size=5)
    _, want, _ = command_lines_total(folder)
    assert_same(total, want)
    assert len(failed) == 3 and all("damaged" in why for _, why in failed)


class Dies(ihr.Histograms):
    """A stage whose first actor dies at its first batch (the process killed, as a
    node lost would be): Ray starts another and retries the batch."""

    def __init__(self, marker, **options):
        super().__init__(**options)
        self.marker = pathlib.Path(marker)

    def __call__(self, batch):
        if not self.marker.exists():
            self.marker.write_text(str(os.getpid()))
            os._exit(1)
        return super().__call__(batch)


def test_a_killed_actor_is_survived_and_nothing_counted_twice(cluster, folder, tmp_path):
    files = ih.images(folder)
    ds = ray.data.read_binary_files(files, include_paths=True)
    marker = tmp_path / "died"
    counted = ds.map_batches(Dies, batch_format="pyarrow", batch_size=4, compute=ray.data.ActorPoolStrategy(size=1),
                             num_cpus=0.5, fn_constructor_kwargs={"marker": str(marker)})
    total, failed = ihr.total(counted)
    assert marker.exists(), "an actor died"
    _, want, _ = command_lines_total(folder)
    assert_same(total, want)
    assert len(failed) == 3


def test_the_aggregation_sums_exactly_past_32_bits():
    import pyarrow as pa

    bins = 4
    big = np.full((2, 4, bins), 2**32 - 1, dtype=np.uint32)
    table = ih.Batch(big, *(np.array([1, 1], dtype=np.uint32),) * 2, np.array([8, 8], dtype=np.uint32),
                     ["cpu", "cpu"], [[], []], [None, None]).to_arrow()
    agg = ihr.Total()
    part = agg.aggregate_block(table)
    both = json.loads(agg.combine(part, part))
    total = ih.Total.from_json(both["total"])
    assert total.files == 4
    assert total.r.tolist() == [4 * (2**32 - 1)] * bins
    assert agg.aggregate_block(pa.table({"r": []})) is None


def test_the_example_runs_as_a_command(folder):
    done = subprocess.run(
        [sys.executable, str(ROOT / "python" / "examples" / "ray_folder.py"), str(folder), "--stats"],
        capture_output=True, text=True, timeout=300,
    )
    status, want, _ = command_lines_total(folder)
    assert done.returncode == status == 1, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == want
    assert "3 of 30 files not counted" in done.stderr
    assert "Traceback" not in done.stderr
