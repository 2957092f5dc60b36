# make serve: set up what is missing, build the site (dist/, every language), serve it on http://127.0.0.1:$(PORT)/
# make test:  set up what is missing, build, then lint and run every test
# make dist:  the site as a self-contained static folder, dist/, for any static host
PORT ?= 8000
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
# Native GPU tests run on Vulkan (Mesa lavapipe without a GPU); GL is 100x slower.
export WGPU_BACKEND ?= vulkan

SOURCES := Cargo.toml Cargo.lock page/Cargo.toml decoder/Cargo.toml diagrams/Cargo.toml $(shell find src page/src decoder/src diagrams/src shaders -type f)

.PHONY: setup build tools dist serve test clock checks-site checks-native lint test-native test-browser test-chromium test-firefox test-timed python test-python soak

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

# The page crate (page/) as pkg/histogram.js and pkg/histogram_bg.wasm, the
# decoder worker's (decoder/: the codecs, loaded only when a file needs them) as
# pkg/decoder.js and pkg/decoder_bg.wasm, and the step-through diagrams' simulator
# (diagrams/: naga's WGSL front end, loaded only by a chapter with one) as
# pkg/diagrams.js and pkg/diagrams_bg.wasm, in a target folder of their own: cargo
# locks target/release (where a build for wasm32 puts its proc macros) for a
# whole build, and `make test` builds these beside the native tests. Each wasm is
# held to its budget (scripts/wasm-budget.mjs).
WASM_PACK = CARGO_TARGET_DIR=$(CURDIR)/target/web wasm-pack build $(1) --target web --release --no-pack --out-dir ../pkg --out-name $(2)
pkg/histogram_bg.wasm: $(SOURCES)
	$(call clock,start,build-wasm)
	$(call WASM_PACK,page,histogram)
	$(call WASM_PACK,decoder,decoder)
	$(call WASM_PACK,diagrams,diagrams)
	@touch $@ pkg/decoder_bg.wasm pkg/diagrams_bg.wasm
	node scripts/wasm-budget.mjs
	$(call clock,end,build-wasm)

# The kernel lab's editor (CodeMirror with WGSL), bundled from node_modules so
# the site loads nothing from elsewhere.
pkg/editor.js: www/editor/bundle.js package-lock.json pkg/histogram_bg.wasm
	esbuild www/editor/bundle.js --bundle --format=esm --minify --log-level=warning --outfile=$@

build: setup pkg/histogram_bg.wasm pkg/editor.js

# Everything the site needs and nothing else; every URL in it is relative, so it
# works at the root of a host or in any subfolder. The browser tests serve this.
# Each language's pages are written from the catalogues (scripts/localize.mjs):
# English at these paths, the others under dist/<code>/; www/l10n.js goes bundled
# with Fluent's formatter, which it and the build share (www/catalogue.js).
dist: build
	rm -rf dist
	mkdir -p dist/pkg
	cp -r www dist/
	rm -r dist/www/editor dist/www/*.html dist/www/catalogue.js
	node scripts/localize.mjs dist
	esbuild www/l10n.js --bundle --format=esm --minify --log-level=warning --outfile=dist/www/l10n.js
	cp pkg/histogram.js pkg/histogram_bg.wasm pkg/decoder.js pkg/decoder_bg.wasm pkg/diagrams.js pkg/diagrams_bg.wasm pkg/editor.js dist/pkg/

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

serve: dist
	node scripts/serve.mjs $(PORT) dist

# `make test` lints with clippy as it builds (CLIPPY=builds): clippy-driver is its
# builds' compiler for the workspace's own crates, and its builds together compile
# every target the two `cargo clippy` runs check (the Python package, the tests,
# examples and tools natively, the three wasm libraries and the core for wasm32).
# Those two runs were check builds of every dependency in another profile, 5
# minutes of a 2-core machine's CPU in a suite bound by it. A lint there fails the
# build it is found in. (A build without it afterwards compiles the workspace's
# crates again: cargo keeps the compiler in their fingerprints.)
ifeq ($(CLIPPY),builds)
export RUSTC_WORKSPACE_WRAPPER := clippy-driver
export CLIPPY_ARGS := -D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
endif

lint: setup
	$(started)
	cargo fmt --all --check
ifneq ($(CLIPPY),builds)
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy -p histogram -p histogram-page -p histogram-decoder -p histogram-diagrams --lib --target wasm32-unknown-unknown -- -D warnings
endif
	node scripts/preloads.mjs --check
	node scripts/messages.mjs
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
# browser) once, in Chromium's part. Both engines' files in one queue, two at a
# time, the longest first (scripts/browser-lanes.mjs): one engine alone left the
# 2-core machine 30-60% idle, its pages waiting on a playing video's frames, and
# one fixed lane per engine ended minutes apart. Each file's report is printed
# whole when it ends. The one test that times the page (no task over 50 ms of the
# page's thread while a large file is read, from Chromium's trace) runs after
# them, alone on the machine.
test-browser: dist tools
	$(started)
	node scripts/browser-lanes.mjs
	@$(MAKE) --no-print-directory test-timed
	$(finished)

# One engine's tests (the timed test later, alone).
test-chromium test-firefox: dist tools
	$(started)
	ENGINES=$(@:test-%=%) node scripts/browser-lanes.mjs
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

# The set-up first, alone; then two chains side by side, the lint and the site's
# wasm in one, the Python package, the native tests and Python's in the other
# (each build has stretches on one core: a crate's codegen, linking; `-o setup`:
# done already); then the browsers.
test: clock setup
	@$(MAKE) --no-print-directory -j2 -Otarget -o setup CLIPPY=builds checks-site checks-native
	@$(MAKE) --no-print-directory -o setup CLIPPY=builds test-browser
	@node scripts/suite-clock.mjs report
checks-site: lint
	@$(MAKE) --no-print-directory -o setup dist
checks-native: python
	@$(MAKE) --no-print-directory -o setup test-native test-python
