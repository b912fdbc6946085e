#!/usr/bin/env python3
"""Every exclusion of .cargo/mutants.toml must name exactly one mutant of today's code.

The exclusions name equivalent mutants by file, line and column (docs/mutants.md, "Equivalent or
harmless"), so that an exclusion never hides another mutant. When the code above one moves, its
name no longer matches anything and the exclusion silently excludes nothing: the mutant is then
tested again, and `make test` fails on it only if the change touches its line. This check fails
at once instead, naming the stale exclusion and the mutants of the same function and operator
that it may have meant, so its line is updated after checking that the argument still holds.

Usage: scripts/mutants-exclusions.py LIST   (LIST: `cargo mutants --list --no-config` output)
"""
import re
import sys
import tomllib

config = tomllib.load(open(".cargo/mutants.toml", "rb"))
names = open(sys.argv[1], encoding="utf-8").read().splitlines()
stale = 0
for pattern in config.get("exclude_re", []):
    found = [n for n in names if re.search(pattern, n)]
    if len(found) == 1:
        continue
    stale += 1
    print(f"mutants.toml: {pattern!r} names {len(found)} mutant(s), not 1", file=sys.stderr)
    # The same change in the same function, wherever it is now.
    tail = re.sub(r"^\^(.*?):\d+:\d+: ", "", pattern).rstrip("$").replace("\\", "")
    for n in names:
        if n.split(": ", 1)[-1] == tail:
            print(f"  now perhaps: {n}", file=sys.stderr)
if stale:
    print(f"{stale} stale exclusion(s): update their line and column in .cargo/mutants.toml "
          "(and in docs/mutants.md) after checking that the argument still holds", file=sys.stderr)
    sys.exit(1)
print(f"mutants: {len(config.get('exclude_re', []))} exclusions each name one mutant")
