#!/usr/bin/env bash
# make test's mutation step (docs/tests.md, "Mutation checks"): every mutant that cargo-mutants
# generates in the model code changed since the last landed main (.ci/mutants-base), and the hand
# mutations (scripts/mutants.txt) of the files changed, must make the model's native tests fail.
# A missed mutant fails the step, and `make test` with it.
#
# Bounded in time: at most MUTANTS_MAX generated mutants (default 150, about 15 minutes on two
# cores at worst; a caught mutant takes 4-6 s, a missed one about 10 s). A larger change is tested
# on a deterministic slice of that size and the step says how many it left out: `make mutants`
# runs them all.
#
# Usage: scripts/mutants-in-diff.sh            the change since .ci/mutants-base (and uncommitted edits)
#        MUTANTS_BASE=<commit> scripts/mutants-in-diff.sh
#        scripts/mutants-in-diff.sh --set-base  write HEAD into .ci/mutants-base (after a landing)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
MAX=${MUTANTS_MAX:-150}
OUT=target/mutants-diff
BASE_FILE=.ci/mutants-base

if [ "${1:-}" = "--set-base" ]; then
  { grep '^#' "$BASE_FILE"; git rev-parse HEAD; } >"$BASE_FILE.new" && mv "$BASE_FILE.new" "$BASE_FILE"
  echo "mutants base: $(git rev-parse --short HEAD)"
  exit 0
fi

# Every hand mutation's text must still be in the code (a stale entry fails here, in seconds).
scripts/mutants.sh --check
# Every exclusion of .cargo/mutants.toml must still name one mutant (a line moved by an edit above
# it leaves the exclusion naming nothing: it fails here, in seconds, with where the mutant is now).
mkdir -p "$OUT"
cargo mutants -p runway-model --list --no-config >"$OUT/all-mutants.txt"
python3 scripts/mutants-exclusions.py "$OUT/all-mutants.txt"

BASE=${MUTANTS_BASE:-$(grep -v '^#' "$BASE_FILE" | head -1)}
if ! git cat-file -e "$BASE^{commit}" 2>/dev/null; then
  # A shallow clone without the base: the last commit's change is what can still be checked.
  echo "mutants: base $BASE is not in this clone's history; checking the last commit's change only"
  BASE=HEAD~1
  git cat-file -e "$BASE^{commit}" 2>/dev/null || { echo "mutants: no history to diff against"; exit 0; }
fi

mkdir -p "$OUT"
# Working tree against the base: committed and uncommitted edits of the model's code.
git diff --no-ext-diff "$BASE" -- model/src >"$OUT/change.diff"
mapfile -t files < <(git diff --name-only "$BASE" -- model/src)
echo "mutants: model code changed since $(git rev-parse --short "$BASE"): ${#files[@]} file(s)"
[ "${#files[@]}" -gt 0 ] || exit 0

# One target dir shared with scripts/mutants.sh and kept between runs: the dependencies build once
# at the `mutants` profile, then each mutant rebuilds only the model crate.
export CARGO_TARGET_DIR="$ROOT/target/mutants"

n=$(cargo mutants -p runway-model --in-diff "$OUT/change.diff" --list | grep -c . || true)
echo "mutants: $n generated mutant(s) in the change"
status=0
if [ "$n" -gt 0 ]; then
  shard=()
  if [ "$n" -gt "$MAX" ]; then
    k=$(((n + MAX - 1) / MAX))
    echo "mutants: testing the first 1/$k of them ($MAX at most); \`make mutants\` runs the rest"
    shard=(--shard "0/$k" --sharding slice)
  fi
  # Exit codes: 0 all caught, 2 some missed, 3 some timed out (a hang: caught), 4 the unmutated
  # tests fail.
  cargo mutants -p runway-model --in-diff "$OUT/change.diff" -j 1 --no-shuffle "${shard[@]}" \
    -o "$OUT" || status=$?
  if [ "$status" -eq 3 ]; then status=0; fi
  if [ "$status" -ne 0 ]; then
    echo "mutants: missed (a behaviour of the change that no test checks):"
    sed 's/^/  /' "$OUT/mutants.out/missed.txt" 2>/dev/null || true
    echo "Add a test of that behaviour (docs/tests.md, \"Mutation checks\"); a mutant that cannot"
    echo "change what the model computes goes in docs/mutants.md with why, and in .cargo/mutants.toml."
  fi
fi

# The hand mutations of the changed files.
MUTANTS_FILES="${files[*]}" scripts/mutants.sh || status=1
exit "$status"
