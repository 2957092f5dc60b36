"""`count_batch` against references made outside it: Pillow's pixels counted by
NumPy (PNG and BMP, lossless), the command line's total, and the one-by-one API,
for every kind of batch (bytes, a NumPy object array, Arrow's binary columns,
decoded arrays), odd sizes, one colour and noise, with damaged and null rows."""

import io
import json
import pathlib
import subprocess

import numpy as np
import pytest
from PIL import Image

import imagehistogram as ih
from test_count import CLI, numpy_counts

pa = pytest.importorskip("pyarrow")

SIZES = [(1, 1), (257, 3), (1, 4099), (64, 48), (31, 17)]


def encoded(pixels, kind):
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, format=kind)
    return out.getvalue()


@pytest.fixture(scope="module")
def pictures():
    """Noise and one colour at odd sizes, as PNG, BMP and JPEG bytes, with the
    pixels Pillow decodes from each (the reference)."""
    rng = np.random.default_rng(76)
    out = []
    for i, (w, h) in enumerate(SIZES):
        noise = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
        flat = np.full((h, w, 3), (200, 40, 90), dtype=np.uint8)
        for pixels in (noise, flat):
            kind = ("PNG", "BMP", "JPEG")[i % 3]
            data = encoded(pixels, kind)
            decoded = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
            out.append((data, decoded))
    return out


def rows_of(h):
    return np.array([h.r, h.g, h.b, h.luminance], dtype=np.uint32)


def assert_rows(batch, pictures):
    assert batch.counts.shape == (len(pictures), 4, 256)
    for i, (data, decoded) in enumerate(pictures):
        assert batch.error[i] is None, batch.error[i]
        assert np.array_equal(batch.counts[i], np.array(numpy_counts(decoded, 256, 255))), i
        assert np.array_equal(batch.counts[i], rows_of(ih.count(data))), i
        assert (batch.width[i], batch.height[i], batch.depth[i]) == (decoded.shape[1], decoded.shape[0], 8)


def test_every_kind_of_batch_counts_each_image_as_count_does(pictures):
    data = [d for d, _ in pictures]
    objects = np.empty(len(data), dtype=object)
    objects[:] = data
    binary = pa.array(data, type=pa.binary())
    chunked = pa.chunked_array([pa.array(data[:3], type=pa.large_binary()), pa.array(data[3:], type=pa.large_binary())])
    for batch in (data, objects, binary, pa.array(data, type=pa.large_binary()), chunked,
                  pa.array(data, type=pa.binary_view()), [memoryview(d) for d in data], [bytearray(d) for d in data]):
        assert_rows(ih.count_batch(batch), pictures)
    # A slice of an Arrow column starts inside its buffers.
    assert_rows(ih.count_batch(binary.slice(2, 5)), pictures[2:7])
    assert_rows(ih.count_batch(data, jobs=1), pictures)


def test_decoded_arrays_count_as_count_does():
    rng = np.random.default_rng(77)
    same = rng.integers(0, 256, (5, 9, 13, 3), dtype=np.uint8)
    b = ih.count_batch(same)
    for i in range(5):
        assert np.array_equal(b.counts[i], np.array(numpy_counts(same[i], 256, 255)))
    mixed = [rng.integers(0, 256, (3, 4, 3), dtype=np.uint8), rng.integers(0, 65536, (2, 7, 3), dtype=np.uint16),
             rng.integers(0, 256, (1, 1), dtype=np.uint8)]
    b = ih.count_batch(mixed, bins=64)
    for i, a in enumerate(mixed):
        assert np.array_equal(b.counts[i], rows_of(ih.count(a, bins=64)))
    assert b.depth.tolist() == [8, 16, 8]


def test_a_damaged_or_missing_image_is_a_row_with_its_error(pictures):
    data = [d for d, _ in pictures[:4]]
    damaged = data[1][: len(data[1]) // 2]
    batch = [data[0], damaged, None, b"not an image", data[3]]
    for b in (ih.count_batch(batch), ih.count_batch(pa.array(batch, type=pa.binary()))):
        assert len(b) == 5
        assert [e is None for e in b.error] == [True, False, False, False, True]
        with pytest.raises(ih.Error) as said:
            ih.count(damaged)
        assert b.error[1] == str(said.value)
        assert b.error[2] == "no image: the row is null"
        assert "not an image file" in b.error[3]
        assert not b.counts[1:4].any() and b.width[1:4].tolist() == [0, 0, 0]
        assert np.array_equal(b.counts[4], rows_of(ih.count(data[3])))
        assert b.counted.tolist() == [True, False, False, False, True]


def test_a_batch_of_jpegs_decoded_on_the_gpu_counts_pillows_samples():
    """decode="gpu": the rows' scans decoded on the GPU in batches of the rows that
    have arrived, more rows than a worker keeps counting (each of two workers waits
    once 32 are counting past a row), one damaged: each row against Pillow's decode
    counted in NumPy, the damaged one as the CPU's decoder answers it."""
    rng = np.random.default_rng(86)
    rows, want = [], []
    for k in range(90):
        w, h = SIZES[k % len(SIZES)]
        pixels = rng.integers(0, 256, (h, w + k % 7, 3), dtype=np.uint8)
        data = encoded(pixels, "JPEG")
        rows.append(data)
        want.append(numpy_counts(np.asarray(Image.open(io.BytesIO(data)).convert("RGB")), 256, 255))
    rows[41] = rows[41][: len(rows[41]) * 2 // 3]
    batch = ih.count_batch(rows, decode="gpu", jobs=2)
    cpu = ih.count_batch([rows[41]], decode="cpu")
    for i, counts in enumerate(want):
        if i == 41:
            assert batch.error[i] == cpu.error[0]
            assert np.array_equal(batch.counts[i], cpu.counts[0])
            continue
        assert batch.error[i] is None, (i, batch.error[i])
        assert np.array_equal(batch.counts[i], np.array(counts)), i


def test_arrow_round_trip_and_the_total(pictures):
    data = [d for d, _ in pictures] + [b"\x89PNG\r\n\x1a\ndamaged"]
    b = ih.count_batch(pa.array(data))
    table = b.to_arrow()
    assert table.column_names == ["r", "g", "b", "luminance", "width", "height", "depth", "method", "error"]
    assert table.schema.field("r").type == pa.list_(pa.uint32(), 256)
    for c, name in enumerate(("r", "g", "b", "luminance")):
        back = table.column(name).combine_chunks().flatten().to_numpy().reshape(-1, 256)
        assert np.array_equal(back, b.counts[:, c, :])
    assert table.column("error").null_count == len(data) - 1
    # The batch's total is the one-by-one total of the images counted.
    want = json.loads(ih.total(data[:-1]).to_json(True))
    assert json.loads(b.total().to_json(True)) == want


def test_a_batch_equals_the_command_lines_total_of_the_files(tmp_path, pictures):
    for i, (data, _) in enumerate(pictures):
        kind = "png" if data.startswith(b"\x89PNG") else "bmp" if data.startswith(b"BM") else "jpg"
        (tmp_path / f"{i:02}.{kind}").write_bytes(data)
    done = subprocess.run([str(CLI), "--method", "cpu", "--total", str(tmp_path)], capture_output=True, text=True, check=True)
    want = json.loads(done.stdout.splitlines()[-1])
    files = sorted(pathlib.Path(tmp_path).iterdir())
    got = json.loads(ih.count_batch([f.read_bytes() for f in files]).total().to_json(False))
    assert got["files"] == want["files"] == len(files)
    for key in ("bins", "depth", "r", "g", "b", "luminance"):
        assert got[key] == want[key], key


def test_arguments_that_do_not_fit_are_refused_whole():
    with pytest.raises(ih.Error, match="bins"):
        ih.count_batch([b"x"], bins=0)
    with pytest.raises(ih.Error, match="depth=12"):
        ih.count_batch([b"x"], depth=12)
    with pytest.raises(ih.Error, match="not int"):
        ih.count_batch([b"x", 3])
    empty = ih.count_batch([])
    assert empty.counts.shape == (0, 4, 256) and empty.total().files == 0
