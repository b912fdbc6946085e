#!/usr/bin/env bash
# Bundle-size benchmark: every file the page loads from dist/ (wasm, js, css, html; no fonts are
# shipped), raw and gzip -9 (no name or time stamp in the header, as bench/sizes.mjs). The .gz/.br
# copies of scripts/precompress.mjs are not counted. `make bench` prints this and brotli sizes too.
# Budget: under 150 KB gzip in total.
set -euo pipefail
cd "$(dirname "$0")/.."
DIST=${DIST_DIR:-dist}
[ -f "$DIST/index.html" ] || { echo "no $DIST/: run 'make build' first" >&2; exit 1; }
total_raw=0; total_gz=0
printf '%-44s %10s %10s\n' file raw gzip
for f in "$DIST"/*; do
  case "$f" in *.gz|*.br) continue ;; esac
  raw=$(stat -c %s "$f"); gz=$(gzip -9nc < "$f" | wc -c)
  total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz))
  printf '%-44s %10d %10d\n' "$(basename "$f")" "$raw" "$gz"
done
printf '%-44s %10d %10d\n' TOTAL "$total_raw" "$total_gz"
printf 'total: %.1f KB raw, %.1f KB gzip (budget 150 KB gzip)\n' "$(echo "$total_raw/1024" | bc -l)" "$(echo "$total_gz/1024" | bc -l)"
