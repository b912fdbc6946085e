#!/usr/bin/env bash
# Mutation checks (README "Mutation checks"): applies each mutation of scripts/mutants.txt, one at
# a time, to a copy of the working tree, runs the model's native tests there, and says whether a
# test caught it. Exits 1 if any mutation is missed, 2 if a mutation's text is not found exactly
# once (the code moved: update the list). Usage: scripts/mutants.sh [name-filter]
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
LIST=${MUTANTS_LIST:-scripts/mutants.txt}
FILTER=${1:-}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# One target dir for every mutant (kept between runs): only the model crate rebuilds.
export CARGO_TARGET_DIR="$ROOT/target/mutants"
git ls-files -z | xargs -0 cp --parents -t "$WORK"
# Uncommitted edits are part of what is checked (tracked files only).

run_tests() { (cd "$WORK" && cargo test -q -p runway-model >"$WORK/.log" 2>&1); }

echo "baseline (no mutation)..."
if ! run_tests; then
  echo "the unmutated tests fail: fix them first"; tail -20 "$WORK/.log"; exit 2
fi

missed=0; bad=0; total=0
while IFS=$'\t' read -r name file from to; do
  [[ -n "$FILTER" && "$name" != *"$FILTER"* ]] && continue
  total=$((total + 1))
  cp "$ROOT/$file" "$WORK/$file"
  if ! FROM="$from" TO="$to" python3 - "$WORK/$file" <<'PY'
import os, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
n = text.count(os.environ["FROM"])
if n != 1:
    print(f"found {n} times", file=sys.stderr)
    sys.exit(1)
open(path, "w", encoding="utf-8").write(text.replace(os.environ["FROM"], os.environ["TO"]))
PY
  then
    printf '%-40s PATTERN NOT FOUND in %s\n' "$name" "$file"; bad=$((bad + 1)); continue
  fi
  if run_tests; then
    printf '%-40s MISSED\n' "$name"; missed=$((missed + 1))
  else
    failed=$(grep -m1 -oE '^test [^ ]+ \.\.\. FAILED|---- [^ ]+ stdout ----' "$WORK/.log" | head -1)
    printf '%-40s caught  (%s)\n' "$name" "${failed:-build or test failure}"
  fi
  cp "$ROOT/$file" "$WORK/$file"
done < <(python3 - "$LIST" <<'PY'
# One mutation a line: name | file | exact text | replacement; "\|" is a literal "|" inside a
# field. Comments and blank lines are skipped. Printed tab-separated for the loop above.
import re, sys
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    if not line.strip() or line.lstrip().startswith("#"):
        continue
    fields = [f.strip().replace("\\|", "|") for f in re.split(r"(?<!\\)\|", line)]
    if len(fields) != 4:
        print(f"bad line: {line}", file=sys.stderr)
        continue
    print("\t".join(fields))
PY
)
echo "$((total - missed - bad)) caught, $missed missed, $bad not found, of $total"
[ "$bad" -eq 0 ] || exit 2
[ "$missed" -eq 0 ] || exit 1
