#!/usr/bin/env python3
"""Hostile files against the command-line tool, each run under /usr/bin/time
(issue #43's bound: any file under 1 MB, whatever its header claims, at most 1 GB
resident and 5 s, on both methods; a real large picture still counted).

usage: bench/hostile.py [--tool target/release/histogram] [--methods cpu,packed]

The files are made here from known bytes (Pillow for the small real pictures whose
headers are then patched), in a temporary folder; nothing is committed. Prints one
row a file and method: exit status, peak resident memory, wall time, and the
tool's first line on stderr; exits 1 if a bound is passed or a damaged file is
counted. Run after `make tools` (or `cargo build --release`), with `.venv`'s
Python (Pillow).
"""

import argparse
import io
import os
import struct
import subprocess
import sys
import tempfile
import zlib

from PIL import Image

LIMIT_MB = 1024
LIMIT_S = 5.0


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def claiming_png(width, height):
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\0\0\0\0")
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b"")


def claiming_gif():
    """35 bytes: a 65535x65535 logical screen holding one 1x1 frame."""
    gif = b"GIF89a\xff\xff\xff\xff\x80\x00\x00" + bytes([0, 0, 0, 255, 255, 255])
    gif += bytes([0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]) + bytes([2, 2, 0x44, 0x01, 0, 0x3B])
    return gif


def small(fmt, mode="RGB", **save):
    pixels = bytes((i * 7) % 251 for i in range(64 * 48 * len(mode)))
    out = io.BytesIO()
    Image.frombytes(mode, (64, 48), pixels).save(out, fmt, **save)
    return bytearray(out.getvalue())


def claiming_jpeg(width, height):
    data = small("JPEG", quality=90)
    sof = data.find(b"\xff\xc0")
    data[sof + 5:sof + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def claiming_bmp(width, height):
    data = small("BMP")
    data[18:26] = struct.pack("<ii", width, height)
    return bytes(data)


def claiming_webp(width, height):
    """A lossless WebP whose VP8L header claims width x height (at most 16384)."""
    data = small("WEBP", lossless=True)
    at = data.find(b"VP8L") + 8 + 1  # past the chunk header and the signature byte
    bits = struct.unpack("<I", data[at:at + 4])[0]
    bits = (bits & ~0x0FFFFFFF) | (width - 1) | ((height - 1) << 14)
    data[at:at + 4] = struct.pack("<I", bits)
    return bytes(data)


def claiming_tiff(width, height):
    """A little-endian TIFF whose width and length tags claim width x height."""
    data = small("TIFF")
    (ifd,) = struct.unpack("<I", data[4:8])
    (count,) = struct.unpack("<H", data[ifd:ifd + 2])
    for i in range(count):
        entry = ifd + 2 + 12 * i
        tag, kind = struct.unpack("<HH", data[entry:entry + 4])
        if tag in (256, 257):
            value = width if tag == 256 else height
            packed = struct.pack("<H", value) + b"\0\0" if kind == 3 else struct.pack("<I", value)
            data[entry + 8:entry + 12] = packed
    return bytes(data)


def truncated_jpeg(keep):
    whole = small("JPEG", quality=90)
    scan = whole.find(b"\xff\xda")
    return bytes(whole[:keep(scan, len(whole))])


def flipped_png():
    data = small("PNG")
    idat = data.find(b"IDAT")
    data[idat + 20] ^= 0x10
    return bytes(data)


def zeros_png_16bit(size):
    """A real size x size 16-bit RGB PNG of zeros: a few hundred KB that decode to
    hundreds of MB, counted band by band."""
    row = b"\0" + bytes(size * 6)
    compressor = zlib.compressobj(9)
    idat = b"".join(compressor.compress(row) for _ in range(size)) + compressor.flush()
    ihdr = struct.pack(">IIBBBBB", size, size, 16, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b"")


def exr_pointing_outside():
    """A 1x1 OpenEXR (three half floats, no compression) whose one block's offset,
    read as signed, lies before the file's start."""
    def attr(name, kind, value):
        return name + b"\0" + kind + b"\0" + struct.pack("<i", len(value)) + value
    channel = lambda name: name + b"\0" + struct.pack("<iB3xii", 1, 0, 1, 1)
    header = b"\x76\x2f\x31\x01\x02\0\0\0" + b"".join([
        attr(b"channels", b"chlist", channel(b"B") + channel(b"G") + channel(b"R") + b"\0"),
        attr(b"compression", b"compression", b"\0"),
        attr(b"dataWindow", b"box2i", struct.pack("<4i", 0, 0, 0, 0)),
        attr(b"displayWindow", b"box2i", struct.pack("<4i", 0, 0, 0, 0)),
        attr(b"lineOrder", b"lineOrder", b"\0"),
        attr(b"pixelAspectRatio", b"float", struct.pack("<f", 1)),
        attr(b"screenWindowCenter", b"v2f", bytes(8)),
        attr(b"screenWindowWidth", b"float", struct.pack("<f", 1)),
    ]) + b"\0"
    return header + struct.pack("<Q", 0x8000000000000010) + struct.pack("<ii", 0, 6) + b"\0\x38" * 3


# name, bytes, whether the tool must count it (True) or refuse it (False)
CASES = [
    ("screen-65535.gif", claiming_gif, False),
    ("sof-65500.jpg", lambda: claiming_jpeg(65500, 65500), False),
    ("sof-20000.jpg", lambda: claiming_jpeg(20000, 20000), False),
    ("row-2147483647.png", lambda: claiming_png(2_147_483_647, 1), False),
    ("square-100000.png", lambda: claiming_png(100_000, 100_000), False),
    ("bmp-30000.bmp", lambda: claiming_bmp(30000, 30000), False),
    ("vp8l-16384.webp", lambda: claiming_webp(16384, 16384), False),
    ("tiff-100000.tif", lambda: claiming_tiff(60000, 60000), False),
    ("cut-after-scan.jpg", lambda: truncated_jpeg(lambda scan, n: scan + 28), False),
    ("cut-at-90.jpg", lambda: truncated_jpeg(lambda scan, n: n * 9 // 10), False),
    ("crc-flipped.png", flipped_png, False),
    ("offset.exr", exr_pointing_outside, False),
    ("zeros-8192-16bit.png", lambda: zeros_png_16bit(8192), True),
]


def run(tool, method, path):
    command = ["/usr/bin/time", "-f", "%M %e", tool, "--method", method, "--quiet", path]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    lines = done.stderr.strip().splitlines()
    kb, seconds = lines[-1].split()
    said = next((l for l in lines[:-1] if l.strip()), "")
    return done.returncode, int(kb) / 1024, float(seconds), said


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", default="target/release/histogram")
    parser.add_argument("--methods", default="cpu,packed")
    args = parser.parse_args()
    bad = 0
    print(f"{'file':<22} {'bytes':>8} {'method':<7} {'exit':>4} {'peak MB':>8} {'s':>6}  says")
    with tempfile.TemporaryDirectory() as folder:
        for name, make, counts in CASES:
            data = make()
            path = os.path.join(folder, name)
            with open(path, "wb") as f:
                f.write(data)
            for method in args.methods.split(","):
                code, mb, seconds, said = run(args.tool, method, path)
                said = said.replace(folder + "/", "")
                ok = mb <= LIMIT_MB and seconds <= LIMIT_S and code == (0 if counts else 1)
                bad += not ok
                flag = "" if ok else "  <-- FAILS the bound"
                print(f"{name:<22} {len(data):>8} {method:<7} {code:>4} {mb:>8.0f} {seconds:>6.2f}  {said[:90]}{flag}")
    print(f"bound: at most {LIMIT_MB} MB resident and {LIMIT_S} s a run; "
          + ("every run within it" if not bad else f"{bad} runs outside it"))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
