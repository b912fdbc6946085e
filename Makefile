# GPU Credit Runway: the two commands a fresh machine needs are `make serve` and `make test`.
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
# Subpath to host the static site under, e.g. `make dist PUBLIC_URL=/tools/runway/`.
PUBLIC_URL ?= /

.PHONY: setup serve test test-native test-e2e build dist bench fuzz screenshot clean

## Install whatever is missing (wasm target, trunk, wasm-bindgen CLI, wasm-opt, Chromium, playwright-core).
setup:
	@scripts/setup.sh

## Install what is missing, then serve the app at http://127.0.0.1:8080 (rebuilds on change).
serve: setup
	trunk serve --release

## Every test: native unit and property tests, release build, end-to-end tests in headless Chromium.
test: setup test-native build test-e2e

test-native:
	cargo fmt --all --check
	cargo clippy -p runway-model -p runway-charts --all-targets -- -D warnings
	cargo test -p runway-model -p runway-charts
	FUZZ_CASES=5000 cargo bench --profile fuzz -p runway-model --bench fuzz

## Release build into dist/ (served from the domain root), and a copy for a subpath that the
## end-to-end tests host under /tools/runway/.
build:
	trunk build --release
	trunk build --release --public-url /tools/runway/ --dist target/dist-subpath

## Release build for hosting under a subpath: make dist PUBLIC_URL=/tools/runway/
dist: setup
	trunk build --release --public-url $(PUBLIC_URL)

test-e2e:
	node --test --test-concurrency=1 tests/e2e/

## Benchmarks: bundle size (raw and gzip) and input -> updated DOM/chart latency in Chromium.
bench: setup build
	bench/bundle-size.sh
	node bench/latency.mjs

## Fuzz the link and scenario-JSON decoders, then every page calculation on what they decode, with
## a million cases per target (about 10 minutes on two cores, most of it the link-shaped target).
fuzz:
	FUZZ_CASES=1000000 cargo bench --profile fuzz -p runway-model --bench fuzz

## Refresh the README screenshot.
screenshot: build
	node tests/e2e/support/screenshot.mjs docs/screenshot.png

clean:
	cargo clean
	rm -rf dist
