#!/usr/bin/env bash
# Makes tests/fixtures/hdr-pq.webm and hdr-hlg.webm, the HDR videos the scopes'
# nits are tested on (issue #77): 64x32, 10-bit 4:2:0, BT.2020, limited range,
# tagged SMPTE ST 2084 (PQ) or ARIB STD-B67 (HLG); lossless VP9 profile 2, so the
# decoder hands back exactly these planes. The same frames in MP4 files: hdr-pq.mp4
# of lossless AV1 (its colour in a `colr` box), hdr-hlg.mp4 of VP9 (in `vpcC`); and
# PQ's at 4:4:4 (hdr-pq-444.webm, VP9 profile 3), each chroma sample on every pixel. The top 16 rows are eight greys of 8
# columns, at the transfer's codes of 0, 1, 10, 100, 203, 1000, 4000 and 10,000
# nits (HLG's on its 1000-nit display, past 1000 its peak): D = round(4 (16 + 219
# E)). The bottom 16 rows are one colour, Y′ 500, Cb 400, Cr 700. Needs ffmpeg
# (apt-get install ffmpeg). The results are committed; run this only to change them.
set -euo pipefail
cd "$(dirname "$0")/.."
width=64 height=32 frames=4
colour="-color_range tv -colorspace bt2020nc -color_primaries bt2020"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/frames.py" <<'PY'
import math, struct, sys
transfer, chroma, w, h, n = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])
def pq(nits):
    m1, m2 = 2610 / 16384, 2523 / 4096 * 128
    c1, c2, c3 = 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
    y = (nits / 10000) ** m1
    return ((c1 + c2 * y) / (1 + c3 * y)) ** m2
def hlg(nits):
    a = 0.17883277; b = 1 - 4 * a; c = 0.5 - a * math.log(4 * a)
    e = min(nits / 1000, 1) ** (1 / 1.2)
    return math.sqrt(3 * e) if e <= 1 / 12 else a * math.log(12 * e - b) + c
code = pq if transfer == 'pq' else hlg
greys = [round(4 * (16 + 219 * code(n))) for n in (0, 1, 10, 100, 203, 1000, 4000, 10000)]
y = [greys[x // 8] for x in range(w)] * (h // 2) + [500] * (w * h // 2)
# Chroma at 4:2:0, or on every pixel at 4:4:4.
half = w * h // 2 if chroma == '444' else w // 2 * h // 4
u = [512] * half + [400] * half
v = [512] * half + [700] * half
sys.stdout.buffer.write(struct.pack(f'<{len(y) + len(u) + len(v)}H', *y, *u, *v) * n)
PY
for transfer in pq hlg; do
  trc=$([ "$transfer" = pq ] && echo smpte2084 || echo arib-std-b67)
  python3 "$tmp/frames.py" "$transfer" 420 "$width" "$height" "$frames" |
  tee "$tmp/$transfer.yuv" |
  ffmpeg -loglevel error -y -f rawvideo -pix_fmt yuv420p10le -s ${width}x${height} -r 10 -i - \
    -c:v libvpx-vp9 -profile:v 2 -lossless 1 -pix_fmt yuv420p10le $colour -color_trc "$trc" \
    -an "tests/fixtures/hdr-$transfer.webm"
  if [ "$transfer" = pq ]; then
    codec=(-c:v libaom-av1 -aom-params lossless=1 -cpu-used 8)
  else
    codec=(-c:v libvpx-vp9 -profile:v 2 -lossless 1)
  fi
  ffmpeg -loglevel error -y -f rawvideo -pix_fmt yuv420p10le -s ${width}x${height} -r 10 \
    -i "$tmp/$transfer.yuv" "${codec[@]}" -pix_fmt yuv420p10le $colour -color_trc "$trc" \
    -an "tests/fixtures/hdr-$transfer.mp4"
done
python3 "$tmp/frames.py" pq 444 "$width" "$height" "$frames" |
  ffmpeg -loglevel error -y -f rawvideo -pix_fmt yuv444p10le -s ${width}x${height} -r 10 -i - \
    -c:v libvpx-vp9 -profile:v 3 -lossless 1 -pix_fmt yuv444p10le $colour -color_trc smpte2084 \
    -an tests/fixtures/hdr-pq-444.webm
ls -l tests/fixtures/hdr-*.webm tests/fixtures/hdr-*.mp4
