#!/usr/bin/env bash
# `make mutants`: every cargo-mutants mutant of the model crate, in N consecutive slices of a few
# minutes each (docs/tests.md, "Mutation checks"). Each slice writes target/mutants-all/shard-K;
# a slice whose run finished is skipped, so an interrupted run goes on where it stopped.
# Usage: scripts/mutants-all.sh N [K]   all N slices, or only slice K
# Exits 2 if a mutant was missed in a slice this run tested (the scores: make mutants-scores).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:?number of slices}
ONLY=${2:-}
export CARGO_TARGET_DIR="$PWD/target/mutants"
status=0
for k in $(seq 0 $((N - 1))); do
  [ -n "$ONLY" ] && [ "$k" != "$ONLY" ] && continue
  out=target/mutants-all/shard-$k
  if [ -z "$ONLY" ] && python3 -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1])).get("end_time") else 1)' \
    "$out/mutants.out/outcomes.json" 2>/dev/null; then
    continue
  fi
  mkdir -p "$out"
  echo "== slice $k of $N"
  rc=0
  cargo mutants -p runway-model -j 1 --no-shuffle --shard "$k/$N" --sharding slice -o "$out" || rc=$?
  # 3: only timeouts besides caught mutants (a hang counts as caught).
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 3 ]; then status=2; fi
done
exit "$status"
