"""Totals that add up in Python as on the command line (issue #57): every array
layout counted as the picture it is, lines read back whole or refused, each file
once, the files people have, errors that cross processes. References: NumPy's
own counts of the logical picture, and the command line on the same files."""

import json
import os
import pathlib
import pickle
import subprocess
import threading
import time
import warnings

import numpy as np
import pytest
from PIL import Image

import imagehistogram as ih

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = ROOT / "target" / "release" / "histogram"
CHANNELS = ("r", "g", "b", "luminance")


def cli_total(*args):
    done = subprocess.run([str(CLI), "--method", "cpu", "--total", *map(str, args)], capture_output=True)
    return done.returncode, json.loads(done.stdout.splitlines()[-1]), done.stderr.decode("utf-8", "replace")


def numpy_counts(rgb, bins=256, max_value=255):
    rgb = np.asarray(rgb).reshape(-1, 3).astype(np.int64)
    out = [np.bincount(np.minimum(rgb[:, c] * bins // max_value, bins - 1), minlength=bins) for c in range(3)]
    lum = rgb[:, 0] * 2126 + rgb[:, 1] * 7152 + rgb[:, 2] * 722
    out.append(np.bincount(np.minimum(lum * bins // (10000 * max_value), bins - 1), minlength=bins))
    return out


def assert_counts(h, want):
    for name, expected in zip(CHANNELS, want):
        assert np.array_equal(getattr(h, name), expected), name


def test_every_layout_counts_as_the_picture_it_is():
    rgb = np.zeros((5, 7, 3), np.uint8)
    rgb[..., 0], rgb[..., 1], rgb[..., 2] = 10, 200, 250
    rgb[1, 2] = (1, 2, 3)
    want = numpy_counts(rgb)
    # Fortran order (as `.T`, scipy's loadmat and planar data give), a transposed
    # view, a strided slice: each the same picture.
    assert_counts(ih.count(np.asfortranarray(rgb)), want)
    assert_counts(ih.count(np.transpose(np.transpose(rgb, (1, 0, 2)), (1, 0, 2))), want)
    wide = np.zeros((5, 14, 3), np.uint8)
    wide[:, ::2] = rgb
    assert_counts(ih.count(wide[:, ::2]), want)
    deep = rgb.astype(np.uint16) * 257
    want16 = numpy_counts(deep, 256, 65535)
    assert_counts(ih.count(np.asfortranarray(deep)), want16)
    # Big-endian samples are their values.
    assert_counts(ih.count(deep.astype(">u2")), want16)
    assert ih.count(deep.astype(">u2")).depth == 16
    # A view with a shape is a picture; a flat view of bytes is a file's bytes.
    assert_counts(ih.count(memoryview(rgb)), want)
    png = pathlib.Path(__file__).parent / "_layout.png"
    try:
        Image.fromarray(rgb).save(png)
        assert_counts(ih.count(memoryview(png.read_bytes())), want)
    finally:
        png.unlink()


def test_errors_cross_processes_and_race_is_refused():
    e = ih.Error("photo.jpg: the file is damaged")
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is ih.Error and str(back) == str(e)
    with pytest.raises(ih.Error, match="race loses counts on purpose"):
        ih.count(np.zeros((1, 1, 3), np.uint8), method="race")


def test_totals_refuse_what_they_cannot_hold():
    zeros = [0] * 256
    with pytest.raises(ih.Error, match="depth=None is a total of no picture"):
        ih.Total(256, None, 5, zeros, zeros, zeros, zeros)
    with pytest.raises(ih.Error, match="r has 3 bins, not 256"):
        ih.Total(256, 8, 1, [0, 0, 0], zeros, zeros, zeros)
    empty = ih.Total(256, None, 0, zeros, zeros, zeros, zeros)
    assert empty.files == 0 and empty.depth is None
    # A total of no file as the command line writes it ("depth": null) reads back.
    back = ih.Total.from_json(json.dumps({"files": 0, "depth": None, "bins": 256, "r": zeros, "g": zeros, "b": zeros, "luminance": zeros}))
    assert back.files == 0 and back.depth is None and back.bins == 256
    line = {"file": "x.png", "depth": 8, "bins": 2, "r": [1, 0], "g": [0, 1], "b": [1, 0], "luminance": [0, 1]}
    assert ih.Total.from_json(json.dumps(line)).files == 1
    for change, why in [
        ({"bins": 4294967295}, "1 to 65536"),
        ({"r": [-1, 0]}, "not a whole count"),
        ({"r": [3.0, 0]}, "not a whole count"),
        ({"r": ["7", 0]}, "not a whole count"),
        ({"luminance": None}, "\"luminance\""),
    ]:
        with pytest.raises(ih.Error, match=why):
            ih.Total.from_json(json.dumps({**line, **change}))
    half = 1 << 63
    big = {"files": 1, "depth": 8, "bins": 2, "r": [half, 0], "g": [0, 1], "b": [1, 0], "luminance": [0, 1]}
    one = ih.Total.from_json(json.dumps(big))
    with pytest.raises(ih.Error, match="would pass 2\\^64 - 1"):
        ih.merge([one, one])


def test_a_file_is_counted_once_however_it_is_reached(tmp_path):
    rng = np.random.default_rng(57)
    for i in range(5):
        Image.fromarray(rng.integers(0, 256, (3 + i, 4, 3), dtype=np.uint8)).save(tmp_path / f"{i}.png")
    os.symlink(tmp_path / "0.png", tmp_path / "link.png")
    os.symlink(tmp_path / "gone.png", tmp_path / "dangling.png")
    os.symlink(tmp_path.parent, tmp_path / "linked")
    os.mkfifo(tmp_path / "pipe.png")
    odd = os.fsencode(tmp_path) + b"/caf\xe9.png"
    with open(odd, "wb") as f:
        f.write((tmp_path / "1.png").read_bytes())
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        files = ih.images(tmp_path)
    messages = [str(w.message) for w in said]
    assert any("pipe.png: a FIFO, not an image file: skipped" in m for m in messages), messages
    assert any("dangling.png: No such file" in m for m in messages), messages
    assert any("linked: a link to a folder, not followed" in m for m in messages), messages
    assert len(files) == 6, files  # 5, the odd name; the link is 0.png again
    code, want, _ = cli_total(tmp_path)
    assert code == 1  # the dangling link
    got = json.loads(ih.total(files).to_json())
    assert got == want
    # A name that is not UTF-8 comes back as Python gives such names.
    h = ih.count(os.fsdecode(odd))
    assert os.fsencode(h.file) == odd
    # The same file twice would count twice: refused.
    with pytest.raises(ih.Error, match="would count twice"):
        ih.merge([ih.count(tmp_path / "0.png"), ih.count(tmp_path / "link.png")])
    # A FIFO named as a picture is refused at once, not waited on.
    started = time.monotonic()
    with pytest.raises(ih.Error, match="a FIFO, not an image file"):
        ih.count(tmp_path / "pipe.png")
    assert time.monotonic() - started < 5


def test_damaged_files_are_named_and_the_rest_counted(tmp_path):
    rng = np.random.default_rng(8)
    for i in range(8):
        Image.fromarray(rng.integers(0, 256, (5, 6, 3), dtype=np.uint8)).save(tmp_path / f"{i}.png")
    for i in (2, 5):
        (tmp_path / f"{i}.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    failed = []

    def said(source, e):
        # In the files' order, on this thread, however the threads finish.
        assert threading.current_thread() is threading.main_thread()
        failed.append((source, str(e)))

    total = ih.total(ih.images(tmp_path), jobs=8, on_error=said)
    assert [os.path.basename(f) for f, _ in failed] == ["2.png", "5.png"]
    assert all("damaged" in why for _, why in failed), failed
    code, want, _ = cli_total(tmp_path)
    assert code == 1 and want["files"] == total.files == 6
    assert json.loads(total.to_json()) == want
    with pytest.raises(ih.Error, match="damaged"):
        ih.total(ih.images(tmp_path))


def test_jobs_are_capped_at_what_the_machine_runs():
    assert ih._jobs(100_000) == 4 * (os.cpu_count() or 1)
    h = list(ih.count_all([np.zeros((1, 1, 3), np.uint8)] * 3, jobs=100_000))
    assert len(h) == 3
    with pytest.raises(ih.Error, match="at least 1"):
        list(ih.count_all([], jobs=0))


def radiance(path, pixels):
    """A Radiance .hdr of one row of RGBE pixels (flat: no run-length coding)."""
    head = f"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 1 +X {len(pixels)}\n".encode()
    path.write_bytes(head + bytes(v for p in pixels for v in p))


def test_a_histogram_pickles_whole_for_other_processes(tmp_path):
    rng = np.random.default_rng(72)
    Image.fromarray(rng.integers(0, 256, (9, 11, 3), dtype=np.uint8)).save(tmp_path / "a.png")
    radiance(tmp_path / "b.hdr", [(128, 64, 32, 129), (200, 10, 90, 131), (1, 2, 3, 120)])
    deep = rng.integers(0, 4096, (7, 5, 3), dtype=np.uint16)
    for h in [
        ih.count(tmp_path / "a.png"),
        ih.count(tmp_path / "a.png", bins=16, region=(1, 2, 3, 4)),
        ih.count(tmp_path / "b.hdr"),
        ih.count(deep, depth=12),
    ]:
        back = pickle.loads(pickle.dumps(h))
        assert type(back) is ih.Histogram
        for name in ("file", "width", "height", "depth", "bins", "method", "region", "notes", "hdr", "stats"):
            assert getattr(back, name) == getattr(h, name), name
        for name in CHANNELS:
            assert np.array_equal(getattr(back, name), getattr(h, name)), name
    # Merged after the trip, a file is still known as itself: refused twice.
    h = ih.count(tmp_path / "a.png")
    with pytest.raises(ih.Error, match="would count twice"):
        ih.merge([h, pickle.loads(pickle.dumps(h))])
    with pytest.raises(ih.Error, match="not a pickled Histogram"):
        ih._native._histogram(b'{"bins": 2}')


def test_a_file_is_known_as_itself_whatever_the_current_folder(tmp_path, monkeypatch):
    rng = np.random.default_rng(73)
    for d in ("one", "two"):
        (tmp_path / d).mkdir()
        Image.fromarray(rng.integers(0, 256, (4, 6, 3), dtype=np.uint8)).save(tmp_path / d / "x.png")
    monkeypatch.chdir(tmp_path / "one")
    first = ih.count("x.png")
    monkeypatch.chdir(tmp_path / "two")
    # The same relative name in another folder is another file: both count.
    assert ih.merge([first, ih.count("x.png")]).files == 2
    # The first file again, by another name from here: once.
    with pytest.raises(ih.Error, match="would count twice"):
        ih.merge([first, ih.count("../one/./x.png")])


def test_a_total_naming_a_file_twice_counts_it_once_and_says_so(tmp_path):
    Image.fromarray(np.full((3, 4, 3), 9, np.uint8)).save(tmp_path / "a.png")
    os.symlink(tmp_path / "a.png", tmp_path / "b.png")
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        total = ih.total([tmp_path / "a.png", str(tmp_path / "a.png"), tmp_path / "b.png"])
    assert total.files == 1
    messages = [str(w.message) for w in said]
    assert sum("the same file as" in m and "counted once" in m for m in messages) == 2, messages
    # Pictures as bytes or arrays are each a picture, the same or not.
    data = (tmp_path / "a.png").read_bytes()
    assert ih.total([data, data, np.zeros((1, 1, 3), np.uint8)] * 2).files == 6


def test_arrays_of_any_layout_count_with_the_gil_released_and_past_32_bits_in_bands(monkeypatch):
    rng = np.random.default_rng(74)
    rgb = rng.integers(0, 256, (1500, 2000, 3), dtype=np.uint8)
    fortran = np.asfortranarray(rgb)
    want = ih.count(rgb)
    ticks, counting = [0], threading.Event()

    def count():
        counting.set()
        counted.append(ih.count(fortran))
        counting.clear()

    counted = []
    worker = threading.Thread(target=count)
    worker.start()
    counting.wait()
    while counting.is_set():
        ticks[0] += 1  # runs only while the count has let go of the GIL
        time.sleep(0.0005)
    worker.join()
    for name in CHANNELS:
        assert np.array_equal(getattr(counted[0], name), getattr(want, name)), name
    assert ticks[0] > 10, f"this thread ran {ticks[0]} times while a Fortran-order array was counted"
    # More pixels than a picture's 32-bit counts hold (a view: no memory taken):
    # count() refuses it before it is read, with the way to count it; total()
    # counts it in bands of rows, one picture in 64-bit counts.
    huge = np.broadcast_to(np.full((1, 1), 200, np.uint8), (65536, 65537))
    with pytest.raises(ih.Error, match=r"ih.total\(\[array\]\) counts it"):
        ih.count(huge)
    # total() counts such an array in bands of rows into one picture's 64-bit
    # counts: shown here with the limit lowered (counting 2^32 pixels here takes
    # 30 s; done once by hand, 2026-12-02: 4,295,032,832 in bin 200, files 1).
    monkeypatch.setattr(ih, "_MAX_PIXELS", 5000)
    monkeypatch.setattr(ih, "_BAND_PIXELS", 1000)
    tall = np.broadcast_to(np.full((1, 1, 3), 200, np.uint8), (301, 40, 3))
    whole = ih.total([tall, rgb[:40, :50]], method="cpu")
    assert whole.files == 2
    for name in CHANNELS:
        counted = getattr(whole, name)
        want = getattr(ih.count(np.ascontiguousarray(tall)), name).astype(np.uint64) + getattr(ih.count(rgb[:40, :50]), name)
        assert counted.dtype == np.uint64 and np.array_equal(counted, want), name
