"""A folder counted on Dask's distributed scheduler (a LocalCluster of worker
processes), shards merged, against the command line's `--total` of the folder."""

import json
import pathlib
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = ROOT / "target" / "release" / "histogram"
sys.path.insert(0, str(ROOT / "python" / "examples"))

import dask_folder  # noqa: E402
import imagehistogram as ih  # noqa: E402

distributed = pytest.importorskip("dask.distributed")


def pictures_folder(root, count, seed):
    """`count` pictures of three kinds (PNG, JPEG, BMP: picture i's is i % 3) in
    three nested folders, part{i % 3}/{i:02}.kind, and a file that is none."""
    rng = np.random.default_rng(seed)
    for i in range(count):
        sub = root / f"part{i % 3}"
        sub.mkdir(exist_ok=True)
        pixels = rng.integers(0, 256, (rng.integers(1, 90), rng.integers(1, 120), 3), dtype=np.uint8)
        kind = ("png", "jpg", "bmp")[i % 3]
        Image.fromarray(pixels).save(sub / f"{i:02}.{kind}")
    (root / "readme.txt").write_text("not a picture")
    return root


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """Forty pictures of three kinds in nested folders, and a file that is none."""
    return pictures_folder(tmp_path_factory.mktemp("set"), 40, 2026)


def test_a_folder_on_dask_equals_the_command_lines_total(folder):
    done = subprocess.run(
        [str(CLI), "--method", "cpu", "--total", "--stats", str(folder)],
        capture_output=True, text=True, check=True,
    )
    want = json.loads(done.stdout.splitlines()[-1])
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        total, failed, unread = dask_folder.count_folder(client, str(folder), shards=7)
    assert failed == [] and unread == []
    got = json.loads(total.to_json(True))
    assert got["files"] == want["files"] == 40
    for key in ("bins", "depth", "r", "g", "b", "luminance"):
        assert got[key] == want[key], key
    # Both as JSON: the same 4 decimals.
    assert got["stats"] == want["stats"]


def test_the_example_runs_as_a_command(folder):
    done = subprocess.run(
        [sys.executable, str(ROOT / "python" / "examples" / "dask_folder.py"), str(folder), "--workers", "2"],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    line = json.loads(done.stdout.strip().splitlines()[-1])
    assert line["files"] == 40 and len(line["r"]) == 256
    empty = folder / "part0" / "empty"
    empty.mkdir()
    done = subprocess.run(
        [sys.executable, str(ROOT / "python" / "examples" / "dask_folder.py"), str(empty), "--workers", "1"],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 1
    assert "no image in this folder" in done.stderr
    assert ih.images(empty) == []


def test_a_damaged_folder_on_dask_names_the_bad_files_and_totals_the_rest(tmp_path):
    rng = np.random.default_rng(60)
    for i in range(20):
        Image.fromarray(rng.integers(0, 256, (4, 5, 3), dtype=np.uint8)).save(tmp_path / f"{i:02}.png")
    for i in (3, 7, 11, 19):
        (tmp_path / f"{i:02}.png").write_bytes(b"\x89PNG\r\n\x1a\ndamaged")
    (tmp_path / "again.png").symlink_to(tmp_path / "00.png")
    # A link to a folder is not followed (nor counted) by either: status 1, said.
    (tmp_path / "elsewhere").symlink_to(tmp_path.parent)
    done = subprocess.run([str(CLI), "--method", "cpu", "--total", str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 1
    want = json.loads(done.stdout.splitlines()[-1])
    assert want["files"] == 16
    example = subprocess.run(
        [sys.executable, str(ROOT / "python" / "examples" / "dask_folder.py"), str(tmp_path), "--workers", "2"],
        capture_output=True, text=True, timeout=300,
    )
    assert example.returncode == 1, example.stderr
    assert json.loads(example.stdout.strip().splitlines()[-1]) == want
    for i in (3, 7, 11, 19):
        assert f"{i:02}.png: the file is damaged" in example.stderr, example.stderr
    assert "4 of 20 files not counted" in example.stderr
    assert "elsewhere: a link to a folder, not followed" in example.stderr, example.stderr
    assert "Traceback" not in example.stderr


def dying_shard(files, marker, **options):
    """`count_shard`, but the first call of all kills its worker process (as a
    machine lost would): Dask's nanny starts another and the shard runs again."""
    import os

    marker = pathlib.Path(marker)
    if not marker.exists():
        marker.write_text(str(os.getpid()))
        os._exit(1)
    return dask_folder.count_shard(files, **options)


def test_a_killed_worker_is_survived_and_nothing_counted_twice(folder, tmp_path):
    import cloudpickle

    done = subprocess.run([str(CLI), "--method", "cpu", "--total", str(folder)], capture_output=True, text=True, check=True)
    want = json.loads(done.stdout.splitlines()[-1])
    # The workers get this module's function by value.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    files = ih.images(folder)
    parts = [files[i::5] for i in range(5)]
    marker = tmp_path / "died"
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        done = client.gather(client.map(dying_shard, parts, marker=str(marker), pure=False))
    assert marker.exists(), "a worker died"
    assert all(not failed for _, failed in done)
    got = json.loads(ih.merge(total for total, _ in done).to_json(False))
    assert got["files"] == want["files"] == 40
    for key in ("bins", "depth", "r", "g", "b", "luminance"):
        assert got[key] == want[key], key
