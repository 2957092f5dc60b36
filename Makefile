# make serve: set up what is missing, build, serve the site on http://127.0.0.1:$(PORT)/
# make test:  set up what is missing, build, then lint and run every test
# make dist:  the site as a self-contained static folder, dist/, for any static host
PORT ?= 8000
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
# Native GPU tests run on Vulkan (Mesa lavapipe without a GPU); GL is 100x slower.
export WGPU_BACKEND ?= vulkan

SOURCES := Cargo.toml Cargo.lock page/Cargo.toml $(shell find src page/src shaders -type f)

.PHONY: setup build tools dist serve test clock lint test-native test-browser test-chromium test-firefox test-timed python test-python chromium-first chromium-later soak

# Each suite says when it starts and marks its start and end on the suites'
# clock (scripts/suite-clock.mjs), so a run's log shows where its time went and
# `make test` ends with each suite's minutes, warning past the budget.
# (Node may not be there yet on a bare machine, before the set-up.)
clock = @! command -v node >/dev/null || node scripts/suite-clock.mjs $(1) $(2)
started = @echo "== make $@: $$(date +%T)"; node scripts/suite-clock.mjs start $@
finished = @echo "== make $@: done $$(date +%T)"; node scripts/suite-clock.mjs end $@

setup:
	$(call clock,start,set-up)
	@scripts/setup.sh
	$(call clock,end,set-up)

# The page crate (page/) as pkg/histogram.js and pkg/histogram_bg.wasm.
pkg/histogram_bg.wasm: $(SOURCES)
	$(call clock,start,build-wasm)
	wasm-pack build page --target web --release --no-pack --out-dir ../pkg --out-name histogram
	@touch $@
	$(call clock,end,build-wasm)

# The kernel lab's editor (CodeMirror with WGSL), bundled from node_modules so
# the site loads nothing from elsewhere.
pkg/editor.js: www/editor/bundle.js package-lock.json pkg/histogram_bg.wasm
	esbuild www/editor/bundle.js --bundle --format=esm --minify --log-level=warning --outfile=$@

build: setup pkg/histogram_bg.wasm pkg/editor.js

# Everything the site needs and nothing else; every URL in it is relative, so it
# works at the root of a host or in any subfolder. The browser tests serve this.
dist: build
	rm -rf dist
	mkdir -p dist/pkg
	cp -r index.html www dist/
	rm -r dist/www/editor
	cp pkg/histogram.js pkg/histogram_bg.wasm pkg/editor.js dist/pkg/

# The tests' builds are optimized but not link-time optimized: the same code in
# a third of the build time (each test binary LTO-linked on its own took most of
# the 16 minutes of `make test`'s build on 2 cores). `make build` and a plain
# `cargo build --release` keep the release profile's LTO. Overflow checks on: a
# sum that wraps in a test is a failure, not a quietly wrong count.
TEST_PROFILE := CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true

# The tests build the whole workspace (`--workspace`: the core, the engine whose
# package holds the native tests, the page crate, empty natively, and the Python
# package, whose own tests are Python's), so that cargo gives the dependencies
# the features the Python package's build gives them, and that build (before the
# native tests in `make test`) leaves them compiled for the tests: only clap's
# terminal crates and this crate are compiled again. Without it every dependency
# was compiled twice (syn's features differ, and all that derives with it).
CARGO_TEST := $(TEST_PROFILE) cargo test --release --workspace

# What the browser tests run outside the browser: the command-line tool (their
# reference) and the fixture makers, built as the tests build them: after
# test-native, nothing to do.
tools: setup
	$(CARGO_TEST) --no-run

serve: build
	node scripts/serve.mjs $(PORT)

lint: setup
	$(started)
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy -p histogram -p histogram-page --lib --target wasm32-unknown-unknown -- -D warnings
	node scripts/pagers.mjs --check
	node scripts/preloads.mjs --check
	node scripts/house.mjs
	$(finished)

# Mesa's Vulkan loader complains without a runtime dir; give it a private one.
test-native: setup
	$(started)
	mkdir -p -m 700 /tmp/histogram-xdg
	XDG_RUNTIME_DIR=/tmp/histogram-xdg $(CARGO_TEST)
	$(finished)

# Every browser test in Chromium (WebGPU on SwiftShader) and in Firefox ESR (its
# own WebGPU, driven over WebDriver BiDi): the same tests; the soak's rules (no
# browser) once, in Chromium's part. The two
# engines run side by side, each its tests one at a time (either alone left the
# 2-core machine 30-60% idle, its pages waiting on a playing video's frames); each
# engine's report is printed whole when it ends (make -O). The one test that
# times the page (no task over 50 ms of the page's thread while a large file is
# read, from Chromium's trace) runs after them, alone on the machine.
# Chromium's suite is the longer (about 22 minutes against Firefox's 17), so a
# few of its files (CHROMIUM_LATER, about 3 minutes) run as a third part that
# takes the slot Firefox leaves.
FIREFOX_TESTS := $(filter-out tests/browser/soak%,$(wildcard tests/browser/*.test.mjs))
CHROMIUM_LATER := $(addprefix tests/browser/,nowebgpu.test.mjs hostile.test.mjs image-pages.test.mjs)
CHROMIUM_FIRST := $(filter-out $(CHROMIUM_LATER),$(wildcard tests/browser/*.test.mjs))
test-browser: dist tools
	$(started)
	@$(MAKE) --no-print-directory -j2 -Otarget chromium-first test-firefox chromium-later
	@$(MAKE) --no-print-directory test-timed
	$(finished)

# Chromium's tests, all of them or one part (the timed test later, alone).
test-chromium chromium-first chromium-later: dist tools
	$(started)
	TIMED=later node --test --test-concurrency=1 $(or $(if $(filter chromium-first,$@),$(CHROMIUM_FIRST)),$(if $(filter chromium-later,$@),$(CHROMIUM_LATER)),tests/browser/)
	$(finished)

test-firefox: dist tools
	$(started)
	ENGINE=firefox node --test --test-concurrency=1 $(FIREFOX_TESTS)
	$(finished)

test-timed: dist tools
	$(started)
	node --test --test-name-pattern="keeps answering while" tests/browser/input.test.mjs
	$(finished)

# A short soak, a script and not a test (docs/TESTING.md): the video page for six
# 4-second samples and 60 image switches (four rounds of 15 pictures, a sample
# after each); nothing may grow. `node bench/soak.mjs` with no arguments is the
# long one (30 minutes and 500 switches).
soak: dist tools
	node bench/soak.mjs 0.4 60 4 0

# The Python package (python/), built by maturin from this crate into .venv, as
# `pip install ./python` builds it anywhere; rebuilt when the Rust changes.
PYTHON_SOURCES := $(SOURCES) $(shell find engine python -name '*.rs' -o -name '*.py' -o -name '*.toml')
.venv/imagehistogram.stamp: $(PYTHON_SOURCES) | setup
	$(call clock,start,build-python)
	PATH=$(CURDIR)/.venv/bin:$$PATH $(TEST_PROFILE) .venv/bin/pip install --quiet --disable-pip-version-check --no-build-isolation ./python
	@touch $@
	$(call clock,end,build-python)
python: .venv/imagehistogram.stamp

# Its tests: counts against the command line and NumPy, merges, threads, and a
# folder on Dask's distributed scheduler (a local cluster of worker processes).
test-python: python tools
	$(started)
	.venv/bin/python -m pytest -q python/tests
	$(finished)

# The clock starts first (prerequisites run in order) and reports last.
clock:
	$(call clock,reset)

test: clock lint python test-native test-python test-browser
	@node scripts/suite-clock.mjs report
