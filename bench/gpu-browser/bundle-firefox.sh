#!/usr/bin/env bash
# Packs this machine's Debian firefox-esr with every library it and its own
# libraries link into OUT_DIR/part.aa, part.ab, ... (46 MiB each, zstd) for the GPU
# machine, as ../shared/gpu-chromium/bundle.sh packs Chromium, with a zstd binary
# and its libraries in OUT_DIR/zstd/. run.sh with ENGINE=firefox unpacks it to
# /opt/ff. Usage: bundle-firefox.sh OUT_DIR   (about 2 minutes here; 96 MB in 2 parts)
set -euo pipefail
out=$(mkdir -p "$1" && cd "$1" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
f=$work/firefox; mkdir -p "$f/lib"
cp -a /usr/lib/firefox-esr/. "$f/"
for x in /usr/lib/firefox-esr/*.so /usr/lib/firefox-esr/firefox-esr; do ldd "$x"; done | awk '{print $3}' | grep '^/' | sort -u |
  while read -r l; do
    case $(basename "$l") in libc.so*|libm.so*|libpthread*|libdl.so*|librt.so*|ld-linux*) ;; *) [[ $l == /usr/lib/firefox-esr/* ]] || cp -L "$l" "$f/lib/";; esac
  done
(cd "$work" && tar cf - firefox | zstd -19 -T0 --long=27 -q -o "$work/firefox.tar.zst")
(cd "$out" && rm -f part.* && split -b 46m "$work/firefox.tar.zst" part.)
mkdir -p "$out/zstd"; cp /usr/bin/zstd "$out/zstd/"
for l in $(ldd /usr/bin/zstd | awk '{print $3}' | grep '^/'); do
  case $(basename "$l") in libc.so*|libm.so*|ld-linux*) ;; *) cp -L "$l" "$out/zstd/";; esac
done
ls -la "$out"
