"""The Python package against references made outside it: the command-line tool
on the same files (its JSON), and NumPy's own counts of the arrays given."""

import json
import logging
import os
import pathlib
import pickle
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from PIL import Image

import imagehistogram as ih

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = ROOT / "target" / "release" / "histogram"
MEDIA = ROOT.parent / "shared" / "media"
CHANNELS = ("r", "g", "b", "luminance")


def cli(*args):
    """The command line's JSON lines for `args` (its reference), with stderr."""
    done = subprocess.run([str(CLI), *map(str, args)], capture_output=True, text=True)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return done.returncode, lines, done.stderr


def numpy_counts(rgb, bins, max_value):
    """R, G, B and luminance counts of an H x W x 3 array by the rule, in NumPy:
    a channel's bin is min(floor(v * bins / max), bins - 1), luminance's the same on
    2126 r + 7152 g + 722 b out of 10000 max."""
    rgb = rgb.reshape(-1, 3).astype(np.int64)
    out = []
    for c in range(3):
        out.append(np.bincount(np.minimum(rgb[:, c] * bins // max_value, bins - 1), minlength=bins))
    lum = rgb[:, 0] * 2126 + rgb[:, 1] * 7152 + rgb[:, 2] * 722
    out.append(np.bincount(np.minimum(lum * bins // (10000 * max_value), bins - 1), minlength=bins))
    return out


def assert_stats(got, want, where):
    """Statistics against the command line's, which writes them to 4 decimals."""
    for field, value in want.items():
        assert got[field] == pytest.approx(value, abs=5.1e-5), (where, field)


def assert_counts(h, expected):
    for name, want in zip(CHANNELS, expected):
        assert np.array_equal(getattr(h, name), np.asarray(want)), name


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    """Files of several kinds and sizes made from known pixels, with those pixels."""
    folder = tmp_path_factory.mktemp("pictures")
    rng = np.random.default_rng(7)
    made = {}
    for name, shape in [("noise.png", (61, 97, 3)), ("thin.png", (1, 4099, 3)), ("one.png", (1, 1, 3))]:
        pixels = rng.integers(0, 256, shape, dtype=np.uint8)
        Image.fromarray(pixels).save(folder / name)
        made[name] = pixels
    flat = np.zeros((3, 257, 3), np.uint8) + np.array([200, 30, 90], np.uint8)
    Image.fromarray(flat).save(folder / "flat.bmp")
    made["flat.bmp"] = flat
    grey = rng.integers(0, 256, (40, 50), dtype=np.uint8)
    Image.fromarray(grey).save(folder / "grey.png")
    made["grey.png"] = np.repeat(grey[:, :, None], 3, axis=2)
    Image.fromarray(made["noise.png"]).save(folder / "photo.jpg", quality=90)
    return folder, made


def test_files_count_as_the_command_line_counts_them(pictures):
    folder, made = pictures
    for name in sorted(os.listdir(folder)):
        path = folder / name
        code, lines, _ = cli("--method", "cpu", "--stats", path)
        assert code == 0
        h = ih.count(path)
        want = lines[0]
        assert (h.width, h.height, h.depth, h.bins) == (want["width"], want["height"], want["depth"], 256)
        assert_counts(h, [want[c] for c in CHANNELS])
        for c in CHANNELS:
            assert_stats(h.stats[c], want["stats"][c], (name, c))
        assert h.notes == want["notes"]
        # Its bytes count the same.
        assert_counts(ih.count(path.read_bytes()), [want[c] for c in CHANNELS])
        if name in made:  # lossless: the pixels themselves too
            assert_counts(h, numpy_counts(made[name], 256, 255))


def test_a_photo_counts_as_the_command_line_counts_it():
    photo = MEDIA / "pexels-francesco-ungaro-96938-mid.jpg"
    code, lines, _ = cli("--method", "cpu", "--bins", 64, photo)
    assert code == 0
    h = ih.count(str(photo), bins=64)
    assert_counts(h, [lines[0][c] for c in CHANNELS])


@pytest.mark.parametrize("shape", [(1, 1), (3, 257), (1, 4099), (31, 17, 1), (31, 17, 2), (31, 17, 3), (31, 17, 4)])
@pytest.mark.parametrize("bins", [256, 64, 7])
def test_uint8_arrays_of_every_shape_against_numpy(shape, bins):
    rng = np.random.default_rng(sum(shape) + bins)
    array = rng.integers(0, 256, shape, dtype=np.uint8)
    rgb = array if array.ndim == 3 and array.shape[2] >= 3 else np.repeat(
        (array if array.ndim == 2 else array[:, :, 0])[:, :, None], 3, axis=2
    )
    h = ih.count(array, bins=bins)
    assert (h.width, h.height, h.depth) == (shape[1], shape[0], 8)
    assert_counts(h, numpy_counts(rgb[:, :, :3], bins, 255))


def test_one_colour_and_views_that_are_not_contiguous():
    solid = np.full((20, 30, 4), [10, 250, 0, 7], np.uint8)
    h = ih.count(solid)
    assert h.r[10] == h.g[250] == h.b[0] == 600
    rng = np.random.default_rng(3)
    big = rng.integers(0, 256, (50, 80, 3), dtype=np.uint8)
    view = big[::3, 5:70:2]
    assert not view.flags.c_contiguous
    assert_counts(ih.count(view), numpy_counts(np.ascontiguousarray(view), 256, 255))


@pytest.mark.parametrize("depth", [None, 12, 10])
def test_uint16_arrays_at_their_depth_against_numpy(depth):
    bits = depth or 16
    rng = np.random.default_rng(bits)
    array = rng.integers(0, 2**bits, (23, 41, 3), dtype=np.uint16)
    for bins in (256, 4096, 65536):
        h = ih.count(array, bins=bins, depth=depth)
        assert h.depth == bits
        assert_counts(h, numpy_counts(array, bins, 2**bits - 1))
    # At 8 bits (a uint16 array's samples as 16-bit ones): each the nearest 8-bit value.
    if bits == 16:
        eight = ((array.astype(np.int64) * 255 * 2 + 65535) // (2 * 65535)).astype(np.uint8)
        assert_counts(ih.count(array, depth=8), numpy_counts(eight, 256, 255))


def test_a_region_counts_its_rectangle_alone():
    rng = np.random.default_rng(11)
    array = rng.integers(0, 256, (60, 90, 3), dtype=np.uint8)
    h = ih.count(array, region=(7, 5, 40, 21))
    assert h.region == (7, 5, 40, 21)
    assert_counts(h, numpy_counts(array[5:26, 7:47], 256, 255))
    # A region's counts are summed only where regions are asked for.
    with pytest.raises(ih.Error, match=r"counted over a region \(7,5,40,21\)"):
        ih.merge([h])
    assert ih.merge([h], regions=True).files == 1
    assert_counts(ih.total([array, array], region=(7, 5, 40, 21)), [2 * c for c in numpy_counts(array[5:26, 7:47], 256, 255)])
    with pytest.raises(ih.Error, match="does not fit"):
        ih.count(array, region=(80, 0, 20, 10))


def test_a_gpu_method_counts_the_same(pictures):
    folder, made = pictures
    for method in ("packed", "privatized", "atomic"):
        h = ih.count(folder / "noise.png", method=method)
        assert h.method == method
        assert_counts(h, numpy_counts(made["noise.png"], 256, 255))
        array = made["noise.png"]
        assert_counts(ih.count(array, method=method, region=(3, 4, 50, 40)), numpy_counts(array[4:44, 3:53], 256, 255))
    deep = np.random.default_rng(5).integers(0, 4096, (9, 13, 3), dtype=np.uint16)
    h = ih.count(deep, depth=12, bins=1024, method="packed")
    assert h.method == "deep"
    assert_counts(h, numpy_counts(deep, 1024, 4095))


def test_jpegs_decoded_on_the_gpu_count_pillows_samples(pictures):
    """decode="gpu": libjpeg-turbo's coefficients finished on the GPU, against
    Pillow's decode of the same files counted in NumPy, and the CPU's decoding."""
    folder, _ = pictures
    for path in (folder / "photo.jpg", MEDIA / "pexels-francesco-ungaro-96938-mid.jpg"):
        pillow = np.asarray(Image.open(path).convert("RGB"))
        on_gpu = ih.count(path, decode="gpu", bins=64)
        assert on_gpu.notes == ih.count(path, decode="cpu", bins=64).notes, path
        assert_counts(on_gpu, numpy_counts(pillow, 64, 255))
        region = ih.count(path, decode="gpu", region=(5, 7, 31, 23))
        assert_counts(region, numpy_counts(pillow[7:30, 5:36], 256, 255))
    # A file the GPU does not take goes to the CPU, and says so.
    grey = folder / "grey.jpg"
    Image.open(folder / "grey.png").save(grey, quality=90)
    assert any("Decoded by the CPU, not the GPU" in n for n in ih.count(grey, decode="gpu").notes)
    with pytest.raises(ih.Error, match="decode=.*auto, cpu, gpu"):
        ih.count(grey, decode="sideways")
    with pytest.raises(ih.Error, match="method=\"cpu\" counts on the CPU"):
        ih.count(grey, decode="gpu", method="cpu")


def test_bad_input_raises_the_command_lines_message(tmp_path):
    broken = tmp_path / "broken.png"
    good = Image.fromarray(np.zeros((8, 8, 3), np.uint8))
    good.save(broken)
    data = bytearray(broken.read_bytes())
    data[-20] ^= 0xFF  # inside the last chunk: its checksum fails
    broken.write_bytes(bytes(data))
    code, _, stderr = cli("--method", "cpu", broken)
    assert code == 1
    with pytest.raises(ih.Error) as raised:
        ih.count(broken)
    assert f"histogram: {raised.value}" == stderr.strip()
    text = tmp_path / "notes.txt"
    text.write_text("not a picture")
    code, _, stderr = cli("--method", "cpu", text)
    with pytest.raises(ih.Error) as raised:
        ih.count(text)
    assert f"histogram: {raised.value}" == stderr.strip()
    with pytest.raises(ih.Error, match="No such file"):
        ih.count(tmp_path / "missing.png")
    with pytest.raises(ih.Error, match="bins must be between 1 and 65536"):
        ih.count(np.zeros((2, 2), np.uint8), bins=0)
    with pytest.raises(ih.Error, match="unknown method"):
        ih.count(np.zeros((2, 2), np.uint8), method="fast")
    with pytest.raises(ih.Error, match="uint8 or uint16"):
        ih.count(np.zeros((2, 2), np.float32))
    with pytest.raises(ih.Error, match="does not fit in 12 bits"):
        ih.count(np.full((2, 2), 5000, np.uint16), depth=12)
    with pytest.raises(ih.Error, match="H x W"):
        ih.count(np.zeros((2, 2, 3, 1), np.uint8))
    with pytest.raises(ih.Error, match="not int"):
        ih.count(42)


def test_merge_sums_and_refuses_what_does_not_add_up(pictures):
    folder, _ = pictures
    files = ih.images(folder)
    assert [pathlib.Path(f).name for f in files] == sorted(os.listdir(folder))
    parts = [ih.total(files[i::3]) for i in range(3)]
    whole = ih.merge(parts)
    code, lines, _ = cli("--method", "cpu", "--total", "--stats", *files)
    want = lines[-1]
    assert whole.files == want["files"] == len(files)
    assert_counts(whole, [want[c] for c in CHANNELS])
    for c in CHANNELS:
        assert_stats(whole.stats[c], want["stats"][c], c)
    # The command line's lines merge too, and a Total crosses processes by pickle.
    assert_counts(ih.merge([ih.Total.from_json(json.dumps(line)) for line in lines[:-1]]), [want[c] for c in CHANNELS])
    assert_counts(pickle.loads(pickle.dumps(whole)), [want[c] for c in CHANNELS])
    with pytest.raises(ih.Error, match="64 bins and the total 256"):
        ih.merge([whole, ih.count(files[0], bins=64)])
    # Another depth joins, the total at the deeper one, in either order.
    deep = ih.count(np.zeros((2, 2), np.uint16), depth=12)
    both, other = ih.merge([whole, deep]), ih.merge([deep, whole])
    assert (both.depth, both.files) == (12, len(files) + 1)
    assert_counts(both, [other.r, other.g, other.b, other.luminance])


def test_threads_count_at_once_and_agree():
    rng = np.random.default_rng(1)
    arrays = [rng.integers(0, 256, (200, 300, 3), dtype=np.uint8) for _ in range(12)]
    alone = [ih.count(a) for a in arrays]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(ih.count, arrays))
    for a, b in zip(alone, together):
        assert_counts(b, [getattr(a, c) for c in CHANNELS])
    assert_counts(ih.total(arrays, jobs=3), [sum(getattr(a, c).astype(np.uint64) for a in alone) for c in CHANNELS])


def test_the_device_is_said_once_in_the_log():
    script = (
        "import logging, numpy as np, imagehistogram as ih\n"
        "logging.basicConfig(level=logging.INFO, format='%(name)s: %(message)s')\n"
        "for _ in range(3): ih.count(np.zeros((4, 4), np.uint8))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    said = [line for line in done.stderr.splitlines() if line.startswith("imagehistogram:")]
    assert len(said) == 1, done.stderr
    assert "CPU method" in said[0] or "on the GPU" in said[0]
