#!/usr/bin/env bash
# Installs everything the project needs that is missing on this machine, from package registries only
# (cargo, npm, apt). Idempotent: a second run only checks versions.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
# The wasm-bindgen CLI must equal the crate version in Cargo.lock, or the build fails.
WASM_BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/[^0-9.]/,""); print; exit}' Cargo.lock 2>/dev/null || true)
WASM_BINDGEN_VERSION=${WASM_BINDGEN_VERSION:-0.2.130}
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }

if ! rustup target list --installed 2>/dev/null | grep -q '^wasm32-unknown-unknown$'; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" != "$TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (cargo, ~8 min cold)"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (cargo, ~3 min cold)"
  # Not --locked: the CLI's own lockfile names a crate version the registry no longer serves.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# wasm-split-cli: cuts the module at its split point before wasm-bindgen (scripts/bin/wasm-bindgen,
# the wasm-bindgen Trunk runs; docs/performance.md, "Two modules").
WASM_SPLIT_VERSION=0.2.4
if ! cargo install --list 2>/dev/null | grep -q "^wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  say "installing wasm-split-cli $WASM_SPLIT_VERSION (cargo, ~2 min cold)"
  cargo install --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary
fi

# cargo-mutants, the mutation tool of `make test` (the model code a change touched) and `make mutants`
# (every mutant of the model): docs/tests.md, "Mutation checks".
CARGO_MUTANTS_VERSION=27.1.0
if [ "$(cargo mutants --version 2>/dev/null | awk '{print $2}')" != "$CARGO_MUTANTS_VERSION" ]; then
  say "installing cargo-mutants $CARGO_MUTANTS_VERSION (cargo, ~2 min cold)"
  cargo install --locked cargo-mutants --version "$CARGO_MUTANTS_VERSION"
fi

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  say "installing Debian chromium and chromium-driver"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# Firefox ESR and WebKitGTK's WebDriver (the engine behind Safari) for the cross-engine subset of
# `make test` (tests/engines/); WebKitWebDriver needs a display, given by xvfb-run.
if ! command -v firefox-esr >/dev/null || ! command -v WebKitWebDriver >/dev/null || ! command -v xvfb-run >/dev/null; then
  say "installing Debian firefox-esr, webkit2gtk-driver and xvfb (apt, ~1 min)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends firefox-esr webkit2gtk-driver xvfb >/dev/null
fi

# wasm-opt (binaryen 132 from npm; Debian's binaryen 108 produces broken modules) and playwright-core.
# axe-core (@axe-core/playwright) checks WCAG in the end-to-end tests; puppeteer-core (Firefox over
# WebDriver BiDi) and selenium-webdriver (WebKit) drive the other engines (no browser download).
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/@axe-core/playwright ] \
   || [ ! -d node_modules/puppeteer-core ] || [ ! -d node_modules/selenium-webdriver ] \
   || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages (binaryen, playwright-core, axe-core, puppeteer-core, selenium-webdriver)"
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
say "all tools present"
