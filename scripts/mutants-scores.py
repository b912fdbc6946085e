#!/usr/bin/env python3
"""Scores of cargo-mutants runs per module of the model (docs/mutants.md).

Reads every mutants.out/outcomes.json under the directories given (make mutants writes
target/mutants-all/shard-K). A mutant tested more than once counts by its latest run, so a slice
run again after a new test replaces the earlier verdict. Prints a Markdown table: per module the
mutants tested, caught (a hang counts as caught), missed, unviable (does not build), and the score,
caught / (caught + missed); then every missed mutant.

Usage: python3 scripts/mutants-scores.py DIR [DIR ...] [--missed-only]
"""
import glob
import json
import os
import sys


def module(path):
    rel = path.removeprefix("model/src/")
    head = rel.split("/")[0]
    return head.removesuffix(".rs")


def main(argv):
    dirs = [a for a in argv if not a.startswith("--")]
    latest = {}
    for d in dirs:
        for f in glob.glob(os.path.join(d, "**", "outcomes.json"), recursive=True):
            data = json.load(open(f, encoding="utf-8"))
            when = data.get("start_time") or ""
            for o in data.get("outcomes", []):
                m = o.get("scenario", {}).get("Mutant") if isinstance(o.get("scenario"), dict) else None
                if not m:
                    continue  # the baseline
                key = m["name"]
                if key not in latest or latest[key][0] <= when:
                    latest[key] = (when, m["file"], o["summary"])
    rows = {}
    missed = []
    for name, (_, file, summary) in sorted(latest.items()):
        r = rows.setdefault(module(file), {"caught": 0, "missed": 0, "unviable": 0})
        if summary in ("CaughtMutant", "Timeout"):
            r["caught"] += 1
        elif summary == "MissedMutant":
            r["missed"] += 1
            missed.append(name)
        elif summary == "Unviable":
            r["unviable"] += 1
    if "--missed-only" not in argv:
        print("| module | mutants tested | caught | missed | unviable | score |")
        print("|---|---:|---:|---:|---:|---:|")
        total = {"caught": 0, "missed": 0, "unviable": 0}
        for mod, r in sorted(rows.items()):
            viable = r["caught"] + r["missed"]
            score = f"{100 * r['caught'] / viable:.1f} %" if viable else "–"
            n = viable + r["unviable"]
            print(f"| {mod} | {n} | {r['caught']} | {r['missed']} | {r['unviable']} | {score} |")
            for k in total:
                total[k] += r[k]
        viable = total["caught"] + total["missed"]
        if viable:
            print(f"| **all** | {viable + total['unviable']} | {total['caught']} | {total['missed']} "
                  f"| {total['unviable']} | {100 * total['caught'] / viable:.1f} % |")
        print()
    for name in missed:
        print(f"- missed: `{name}`")


if __name__ == "__main__":
    main(sys.argv[1:])
