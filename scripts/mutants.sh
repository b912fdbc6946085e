#!/usr/bin/env bash
# The hand-written feature mutations (docs/tests.md, "Mutation checks"): applies each mutation of
# scripts/mutants.txt (a feature's line changed the way a bug would change it: a constant, a
# percentile rank, a term dropped from a formula; cargo-mutants does not generate these), one at a
# time, to a copy of the working tree, runs the model's native tests there, and says whether a test
# caught it. Every entry's text is checked first, so a stale entry fails at once.
# Exits 1 if any mutation is missed, 2 if a mutation's text is not found exactly once (the code
# moved: update the list).
# Usage: scripts/mutants.sh [name-filter]
#        scripts/mutants.sh --check          only check that every entry's text is found
#        MUTANTS_FILES="a.rs b.rs" scripts/mutants.sh   only the entries of these files
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
LIST=${MUTANTS_LIST:-scripts/mutants.txt}
FILTER=${1:-}
CHECK_ONLY=0
if [ "$FILTER" = "--check" ]; then CHECK_ONLY=1; FILTER=""; fi

# One mutation a line: name | file | exact text | replacement; "\|" is a literal "|" inside a
# field. Comments and blank lines are skipped. Printed tab-separated, one line a mutation.
entries() {
  python3 - "$LIST" <<'PY'
import re, sys
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if not line.strip() or line.lstrip().startswith("#"):
        continue
    fields = [f.strip().replace("\\|", "|") for f in re.split(r"(?<!\\)\|", line)]
    if len(fields) != 4:
        print(f"bad line: {line}", file=sys.stderr)
        sys.exit(2)
    print("\t".join(fields))
PY
}

# Applies FROM -> TO in a file, or fails when FROM is not found exactly once. With no output file,
# only counts.
apply() { # file [out]
  FROM="$from" TO="$to" python3 - "$@" <<'PY'
import os, sys
text = open(sys.argv[1], encoding="utf-8").read()
n = text.count(os.environ["FROM"])
if n != 1:
    print(f"found {n} times", file=sys.stderr)
    sys.exit(1)
if len(sys.argv) > 2:
    open(sys.argv[2], "w", encoding="utf-8").write(text.replace(os.environ["FROM"], os.environ["TO"]))
PY
}

list=$(entries) || { echo "scripts/mutants.txt has a bad line"; exit 2; }
# Each entry's text must occur exactly once in its file (one pass over the list).
bad=$(ENTRIES="$list" python3 - <<'PY'
import os, sys
bad = 0
for line in os.environ["ENTRIES"].splitlines():
    name, path, frm, _ = line.split("\t")
    if open(path, encoding="utf-8").read().count(frm) != 1:
        print(f"{name:<40} TEXT NOT FOUND exactly once in {path}: update scripts/mutants.txt",
              file=sys.stderr)
        bad += 1
print(bad)
PY
)
n_all=$(grep -c . <<<"$list")
if [ "$CHECK_ONLY" = 1 ]; then
  echo "$((n_all - bad)) of $n_all hand mutations found in the code"
  [ "$bad" -eq 0 ] || exit 2
  exit 0
fi
[ "$bad" -eq 0 ] || exit 2

# The entries to run: the name filter, and MUTANTS_FILES when set.
selected=$(while IFS=$'\t' read -r name file from to; do
  [[ -n "$FILTER" && "$name" != *"$FILTER"* ]] && continue
  if [ -n "${MUTANTS_FILES:-}" ] && ! tr ' ' '\n' <<<"$MUTANTS_FILES" | grep -qxF "$file"; then
    continue
  fi
  printf '%s\t%s\t%s\t%s\n' "$name" "$file" "$from" "$to"
done <<<"$list")
if [ -z "$selected" ]; then
  echo "no hand mutation to run${MUTANTS_FILES:+ in the changed files}"
  exit 0
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# One target dir for every mutant (kept between runs; cargo-mutants' profile, .cargo/mutants.toml):
# only the model crate rebuilds, in about 4 s, and the suite runs in about 6 s.
export CARGO_TARGET_DIR="$ROOT/target/mutants"
git ls-files -z | xargs -0 cp --parents -t "$WORK"
# Uncommitted edits are part of what is checked (tracked files only).

# A mutant that hangs is stopped after 5 minutes and counts as caught (a hung test fails CI too).
run_tests() { (cd "$WORK" && timeout 300 cargo test -q -p runway-model --profile mutants >"$WORK/.log" 2>&1); }

echo "baseline (no mutation)..."
if ! run_tests; then
  echo "the unmutated tests fail: fix them first"; tail -20 "$WORK/.log"; exit 2
fi

missed=0; total=0
while IFS=$'\t' read -r name file from to; do
  total=$((total + 1))
  apply "$ROOT/$file" "$WORK/$file"
  if run_tests; then
    printf '%-40s MISSED\n' "$name"; missed=$((missed + 1))
  else
    failed=$(grep -m1 -oE '^test [^ ]+ \.\.\. FAILED|---- [^ ]+ stdout ----' "$WORK/.log" | head -1)
    printf '%-40s caught  (%s)\n' "$name" "${failed:-build or test failure}"
  fi
  cp "$ROOT/$file" "$WORK/$file"
done <<<"$selected"
echo "$((total - missed)) caught, $missed missed, of $total"
[ "$missed" -eq 0 ] || exit 1
