"""Tables of a labelled draw of findings: precision and worth by package and by rule, and
which labelled findings a later run still reports.

    python draw_tables.py LABELS.tsv [FINDINGS_DIR]

LABELS.tsv has the columns of `issue22-sample-labels.tsv` (draw, number, corpus, code, site,
label, note; label T, L or F). With FINDINGS_DIR (one `PKG.json` per corpus of the labels,
from `synclint check --no-cache --exit-zero --output-format json PKG`, run from the corpora's
parent) it also prints the population and the labelled findings that run no longer reports
(same code, file and line), by label: a T or L gone is a real sync lost.
Precision is (T + L) / n; worth is T / n.
"""
import collections
import csv
import json
import pathlib
import sys


def table(rows: list[dict[str, str]], key: str) -> None:
    groups: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for row in rows:
        groups[row[key]][row["label"]] += 1
    groups["all"] = collections.Counter(row["label"] for row in rows)
    print(f"| {key} | n | T | L | F | precision | worth |")
    print("|---|---|---|---|---|---|---|")
    for name, c in sorted(groups.items(), key=lambda item: (item[0] == "all",
                                                            -sum(item[1].values()))):
        n = sum(c.values())
        print(f"| {name} | {n} | {c['T']} | {c['L']} | {c['F']} | "
              f"{(c['T'] + c['L']) / n:.3f} | {c['T'] / n:.2f} |")


def main() -> None:
    with open(sys.argv[1], newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    table(rows, "corpus")
    print()
    table(rows, "code")
    if len(sys.argv) < 3:
        return
    folder = pathlib.Path(sys.argv[2])
    sites: set[tuple[str, str]] = set()
    total = 0
    for corpus in sorted({row["corpus"] for row in rows}):
        found = json.loads((folder / f"{corpus}.json").read_text())
        total += len(found)
        sites |= {(f["code"], f"{f['filename']}:{f['location']['row']}") for f in found}
    gone = [row for row in rows if (row["code"], row["site"]) not in sites]
    print(f"\npopulation {total}; labelled findings no longer reported: {len(gone)} "
          f"({dict(collections.Counter(row['label'] for row in gone))})")
    for row in gone:
        print(f"  {row['label']} #{row['number']} {row['code']} {row['site']}: {row['note']}")
    kept = collections.Counter(row["label"] for row in rows if row not in gone)
    n = sum(kept.values())
    print(f"labelled and still reported: n {n}, T {kept['T']}, L {kept['L']}, F {kept['F']}; "
          f"precision {(kept['T'] + kept['L']) / n:.3f}, worth {kept['T'] / n:.2f}")


if __name__ == "__main__":
    main()
