#!/usr/bin/env bash
# Installs whatever building and testing need and is missing; safe to run again.
# The recipe and versions: ../shared/PLATFORM.md (verified on Debian 12).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

say() { echo "setup: $*" >&2; }

# System packages: Chromium and its driver (browser tests, WebGPU on SwiftShader),
# Firefox ESR (the second engine: WebGPU headless with two preferences), Mesa's
# Vulkan drivers (lavapipe, for native GPU tests), libavif's tools (a test AVIF, a
# format only the browser decodes), CMake and NASM (turbojpeg-sys builds
# libjpeg-turbo, SIMD included, from the source it bundles), Noto CJK (the Korean and
# Japanese pages, as a reader sees them), Node.js for the tests.
missing=()
for pkg in chromium chromium-driver firefox-esr mesa-vulkan-drivers libvulkan1 libavif-bin cmake nasm fonts-noto-cjk; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
command -v node >/dev/null && command -v npm >/dev/null || missing+=(nodejs npm)
if ((${#missing[@]})); then
  if [ "$(id -u)" -ne 0 ]; then
    say "missing system packages: ${missing[*]}; run: sudo apt-get install ${missing[*]}"
    exit 1
  fi
  say "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null; then
  say "Rust is missing: install it with rustup (https://rustup.rs), then run this again"
  exit 1
fi
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
for component in rustfmt clippy; do
  rustup component list --installed | grep -q "^$component" || rustup component add "$component"
done

# The two build tools are compiled here (their releases live on GitHub, which
# this machine cannot reach); optimized less than a release, since they run for
# seconds: 2.6 and 2.4 minutes at the release profile on 2 cores.
export CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
# wasm-bindgen-cli must be exactly the wasm-bindgen of Cargo.lock, or wasm-pack
# quietly tries to download its own.
want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  say "installing wasm-bindgen-cli $want (a few minutes)"
  cargo install wasm-bindgen-cli --version "$want"
fi
if ! command -v wasm-pack >/dev/null; then
  say "installing wasm-pack (a few minutes)"
  cargo install wasm-pack --version 0.15.1
fi

# npm packages from the lockfile: playwright-core (drives Debian's Chromium),
# puppeteer-core (drives Firefox over WebDriver BiDi) and binaryen's wasm-opt
# (Debian's binaryen corrupts wasm-bindgen output).
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
   || [ ! -d node_modules/puppeteer-core ] \
   || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
# Python for references made outside the project (Pillow's JPEG decode: the tests'
# tests/fixtures/jpeg.py) and the benchmarks' peers, in .venv, from PyPI.
if [ ! -x .venv/bin/python ] || [ tests/requirements.txt -nt .venv/installed ]; then
  say "installing tests/requirements.txt into .venv"
  python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check -r tests/requirements.txt
  touch .venv/installed
fi
say "ready"
