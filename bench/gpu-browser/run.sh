#!/usr/bin/env bash
# The site in Chromium on the GPU machine (device tool), beside `histogram bench` in the
# same call. From the repository root there, with carried: .gl (Vulkan loader debs),
# .device (our release binary), dist (`make dist`), .before (another build, optional), .site-media (the videos and photo of
# prepare.sh) and .cr (one part of ../shared/gpu-chromium/bundle.sh's Chromium per call:
# /opt/cr keeps the parts while the machine stays warm; the call that brings the last
# part unpacks it). Usage: run.sh [driver query], e.g. run.sh 'skip=video'; NATIVE=0
# leaves out the native rows that follow the browser's.
# With PROBE=1 only the adapter is asked for, under each flag set, and nothing timed.
# ENGINE=firefox: Firefox instead (bundle-firefox.sh's parts carried as .ff, one a
# call, unpacked to /opt/ff), its WebGPU on by its preferences, no flags to probe.
set -u
engine=${ENGINE:-chromium}
out=${OUT:-/tmp}
# A warm machine keeps what an earlier call left running and written.
pkill -f '^/opt/(cr/chromium|ff/firefox)/'; pkill -f '^python3 -m http.server 8123'; rm -f /tmp/probe-* /tmp/bench.log /tmp/unchecked.log
# The browser's parts: Chromium's 3 in .cr, Firefox's 2 in .ff.
if [ "$engine" = firefox ]; then dir=.ff opt=/opt/ff parts=2 binary=/opt/ff/firefox/firefox-esr
else dir=.cr opt=/opt/cr parts=3 binary=/opt/cr/chromium/chromium; fi
mkdir -p $opt
cp $dir/part.* $opt/ 2>/dev/null
ls $opt
if [ ! -x $binary ]; then
  [ "$(ls $opt/part.* | wc -l)" -ge $parts ] || { echo "$engine: waiting for more parts"; exit 0; }
  (cd $opt && cat part.* | LD_LIBRARY_PATH=$OLDPWD/$dir/zstd "$OLDPWD/$dir/zstd/zstd" -d --long=27 | tar xf -) ||
    { echo "$engine: unpacking failed"; exit 1; }
fi
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export VK_DRIVER_FILES=$icd VK_ICD_FILENAMES=$icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"

# The GPU machine has no fonts, and Chromium aborts on the first text it lays out
# without one: the carried DejaVu fonts, through a minimal fontconfig file.
mkdir -p /opt/fonts && cp .site-media/fonts/*.ttf /opt/fonts/
printf '<?xml version="1.0"?>\n<fontconfig><dir>/opt/fonts</dir><cachedir>/tmp/fc-cache</cachedir></fontconfig>\n' >/opt/fonts/fonts.conf
export FONTCONFIG_FILE=/opt/fonts/fonts.conf

site=/tmp/site
rm -rf $site && mkdir -p $site/bench && cp -r dist/. $site/ && cp bench/gpu-browser/*.{html,js} $site/bench/ &&
  cp -r .site-media $site/media && rm -rf $site/media/fonts && cp tests/fixtures/hdr-*.{webm,mp4} $site/media/ &&
  cp tests/fixtures/hdr-greys.mjs $site/bench/
# Another build of the site (a `make dist` of the commit before a change), if
# carried as .before/: served at before/, for driver.js's builds=site,before.
[ -d .before ] && cp -r .before $site/before
# Scope kernel variants (bench/probes/scope_parts.rs DUMP=.device/variants), if carried.
[ -d .device/variants ] && cp -r .device/variants $site/bench/
# The scopes' 4K frame (driver.js and `histogram scope` below): the photo of
# prepare-gpu-machine.sh, scaled as bench/scopes-gpu.sh scales it.
[ -f .device/pexels-chevanon-photography-1108099.jpg ] &&
  python3 -c "from PIL import Image; Image.open('.device/pexels-chevanon-photography-1108099.jpg').convert('RGB').resize((3840, 2160)).save('$site/media/photo-3840x2160.png')"
(cd $site && exec python3 -m http.server 8123 --bind 127.0.0.1 >/dev/null 2>&1) &
sleep 1

# Without --disable-vulkan-surface the compositor asks the NVIDIA driver for
# VK_EXT_headless_surface, fails to make a Vulkan instance, and WebGPU gets only
# SwiftShader (../shared/gpu-chromium/README.md).
BASE="--headless=new --no-sandbox --disable-gpu-sandbox --enable-unsafe-webgpu --ignore-gpu-blocklist
  --enable-webgpu-developer-features --enable-logging=stderr --v=0 --no-first-run --disable-dev-shm-usage
  --window-size=1400,1000 --autoplay-policy=no-user-gesture-required"
FLAGSETS=(
  "--ozone-platform=headless --use-gl=angle --use-angle=vulkan --enable-features=Vulkan --disable-vulkan-surface --disable-gpu-compositing --disable-gpu-rasterization"
  "--enable-features=Vulkan --use-angle=vulkan --disable-vulkan-surface"
  "--enable-features=Vulkan --use-vulkan=native --use-angle=vulkan --disable-vulkan-surface"
  "--enable-features=Vulkan --disable-vulkan-surface --use-webgpu-adapter=default"
)
rows='"(ADAPTER|KERNEL|SCOPE|VARIANT|SUM|DRAW|TIMINGS|PAGE|WAIT|DECODE|STAGES|SPANS|LONG|UPLOAD|VIDEO|VIDEOKERNEL|BARE|STUDIO|HDR|HEVC|FAIL|DONE|#).*"'
launch_chromium() { # flags query seconds log
  LD_LIBRARY_PATH=/opt/cr/chromium/lib:/opt/cr/chromium timeout "$3" $binary $BASE $1 \
    --user-data-dir="$(mktemp -d)" "http://127.0.0.1:8123/bench/index.html?$2" >"$4" 2>&1
}
launch_firefox() { # flags (none) query seconds log: its console to stdout by a preference
  local profile; profile=$(mktemp -d)
  printf 'user_pref("%s", %s);\n' dom.webgpu.enabled true gfx.webgpu.ignore-blocklist true devtools.console.stdout.content true \
    media.autoplay.default 0 media.autoplay.blocking_policy 0 >"$profile/user.js"
  LD_LIBRARY_PATH=/opt/ff/firefox/lib:/opt/ff/firefox timeout "$3" $binary --headless --no-remote --profile "$profile" \
    --window-size=1400,1000 "http://127.0.0.1:8123/bench/index.html?$2" >"$4" 2>&1
}
browse() { # flags query seconds log
  launch_$engine "$@" &
  local pid=$!
  while kill -0 $pid 2>/dev/null && ! grep -a -q '"DONE"' "$4"; do sleep 1; done
  kill $pid 2>/dev/null; wait $pid 2>/dev/null
  # Firefox writes 'console.log: "ROW"', quotes inside escaped.
  grep -a -o -E "$rows" "$4" | sed 's/^"//; s/"$//; s/\\"/"/g'
}
chosen=""
[ "$engine" = firefox ] && chosen=firefox && echo "=== $(LD_LIBRARY_PATH=/opt/ff/firefox/lib:/opt/ff/firefox $binary --version 2>&1)"
for i in "${!FLAGSETS[@]}"; do
  [ "$engine" = firefox ] && break
  echo "=== flags: ${FLAGSETS[$i]}"
  browse "${FLAGSETS[$i]}" "skip=kernels,scopes,variants,sum,draw,timings,pages,waits,decode,upload,video" 45 /tmp/probe-$i.log | tee /tmp/probe-$i.rows
  tr -cd '\11\12\15\40-\176' </tmp/probe-$i.log | grep -i -E "vulkan|webgpu|dawn|adapter" | grep -v dbus | head -8 | cut -c1-220
  if grep -q '^ADAPTER' /tmp/probe-$i.rows && ! grep -q '^FAIL' /tmp/probe-$i.rows; then chosen=${FLAGSETS[$i]}; break; fi
done
cp /tmp/probe-*.log "$out/" 2>/dev/null
[ -n "$chosen" ] || { echo "no flag set gave a hardware adapter"; exit 1; }
[ -n "${PROBE:-}" ] && exit 0

echo "=== browser, flags: $chosen"
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem --format=csv,noheader -lms 100 >"$out/clocks.txt" &
sampler=$!
browse "$chosen" "${1:-}" 420 /tmp/bench.log | tee "$out/browser.txt"
kill $sampler
cp /tmp/bench.log "$out/$engine.log"
# Dawn's robustness (its bounds checks on every storage access) off, a toggle no
# visitor's browser has: what the checks cost each kernel (UNCHECKED=0: not measured).
if [ "${UNCHECKED:-1}" != 0 ] && [ "$engine" = chromium ]; then
  echo "=== browser, robustness off: $chosen --enable-dawn-features=disable_robustness"
  browse "$chosen --enable-dawn-features=disable_robustness" "skip=${UNCHECKED_SKIP:-timings,pages,video}&sizes=1920x1080,8192x8192&kinds=natural" 200 \
    /tmp/unchecked.log | tee "$out/browser-unchecked.txt"
fi
# Dawn's toggles, one browser each with the same query (TOGGLES='a;b', each a set of
# Chromium flags such as --enable-dawn-features=disable_robustness): which of
# Dawn's own steps a kernel's time in the browser goes to.
IFS=';' read -r -a toggles <<<"${TOGGLES:-}"
for t in "${toggles[@]}"; do
  echo "=== browser, toggles: $t"
  rm -f /tmp/toggles.log # browse stops at a "DONE" in its log: not the last one's
  browse "$chosen $t" "${1:-}" 300 /tmp/toggles.log | tee -a "$out/browser-toggles.txt"
done
[ "${NATIVE:-1}" = 0 ] && exit 0 # the browser's rows only (NATIVE=0)
echo "=== native"
.device/histogram bench --backend vulkan --sizes 1920x1080,2448x1505,3840x2160,8192x8192 --kinds natural,noise \
  --methods atomic,chunks-sum,chunks-reduce,privatized,packed | tee "$out/native.txt"
for s in waveform parade vectorscope; do
  .device/histogram scope --backend vulkan --$s --time 50 $site/media/photo-3840x2160.png
done | tee "$out/native-scopes.txt"
if [ -d .device/variants ] && [ -x .device/scope_parts ]; then
  names=$(ls .device/variants/*.wgsl | xargs -n1 basename | sed 's/\.wgsl$//' | paste -sd,)
  VARIANTS=$names .device/scope_parts $site/media/photo-3840x2160.png | tee "$out/native-variants.txt"
fi
