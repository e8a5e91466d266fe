"""The unreached tier on the labelled draws (reach42): which labelled findings and hunted real
syncs it would hide, whole and with each piece of its definition dropped.

    python reach42_tables.py OUTROOT DRAW...

OUTROOT/DRAW/PKG.json: `synclint check --no-cache --exit-zero --output-format json PKG`, run
from /work/corpora/DRAW with SYNCLINT_UNREACHED_PIECES set empty, so that every finding
in a loop of a function that is no per-step code by its role carries the tier's reason and,
in brackets, the pieces of the definition it fails (`reach`, `loop`, `library`). Labels:
DRAW-sample-labels.tsv and hunt-DRAW-labels.tsv beside this script. A labelled finding is
matched by code, file and line; a hunted site by file and line (any code).
"""
from __future__ import annotations

import collections
import csv
import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
REASON = "in code no per-step path of this project reaches"
PIECES = ("reach", "loop", "library")


def failures(message: str) -> frozenset[str] | None:
    """The pieces a finding fails (empty: in the tier), or None: no candidate at all."""
    if REASON not in message:
        return None
    found = re.search(r"\(`[^`]*`\) \[([a-z,]+)\]$", message)
    return frozenset(found.group(1).split(",")) if found else frozenset()


def load(outdir: pathlib.Path) -> dict[tuple[str, int], list[dict]]:
    sites: dict[tuple[str, int], list[dict]] = collections.defaultdict(list)
    for path in sorted(outdir.glob("*.json")):
        for finding in json.loads(path.read_text() or "[]"):
            sites[(finding["filename"], finding["location"]["row"])].append(finding)
    return sites


def hidden_by(fails: frozenset[str] | None, dropped: str | None) -> bool:
    return fails is not None and fails <= ({dropped} if dropped else set())


def figures(counter: collections.Counter[str]) -> str:
    n = sum(counter.values())
    if not n:
        return "n 0"
    return (f"n {n}: T {counter['T']} L {counter['L']} F {counter['F']}, worth "
            f"{counter['T'] / n:.2f}, precision {(counter['T'] + counter['L']) / n:.3f}")


def draw(outroot: pathlib.Path, name: str) -> None:
    sites = load(outroot / name)
    total = sum(len(v) for v in sites.values())
    tier = sum(1 for v in sites.values() for f in v if failures(f["message"]) == frozenset())
    print(f"## {name}: {total} findings, {tier} in the tier")
    rows = list(csv.DictReader(open(HERE / f"{name}-sample-labels.tsv"), delimiter="\t"))
    labelled: list[tuple[dict, frozenset[str] | None, str]] = []
    gone = collections.Counter()
    for row in rows:
        filename, _, line = row["site"].rpartition(":")
        match = [f for f in sites.get((filename, int(line)), []) if f["code"] == row["code"]]
        if not match:
            gone[row["label"]] += 1
            continue
        labelled.append((row, failures(match[0]["message"]), match[0]["message"]))
    original = collections.Counter(row["label"] for row in rows)
    still = collections.Counter(row["label"] for row, _, _ in labelled)
    print(f"labelled: {figures(original)}; not reported now: {dict(gone)}; "
          f"still reported: {figures(still)}")
    for dropped in (None, *PIECES):
        hid = collections.Counter(row["label"] for row, fails, _ in labelled
                                  if hidden_by(fails, dropped))
        left = still - hid
        left_original = original - hid
        what = "the tier" if dropped is None else f"without piece `{dropped}`"
        print(f"- {what}: hides T {hid['T']} L {hid['L']} F {hid['F']}; still-reported "
              f"then {figures(left)}; on the original n, {figures(left_original)}")
    for row, fails, _message in labelled:
        if fails is not None and len(fails) <= 1:
            tag = "TIER" if not fails else f"-{next(iter(fails))}"
            print(f"    {tag:9} {row['label']} #{row['number']} {row['code']} {row['site']}"
                  f"  | {row['note'][:110]}")
    hunt = list(csv.DictReader(open(HERE / f"hunt-{name}-labels.tsv"), delimiter="\t"))
    real = [r for r in hunt if r["label"] == "R"]
    reported = 0
    print(f"hunt: {len(real)} R sites")
    hidden = collections.Counter()
    for r in real:
        found = sites.get((r["file"], int(r["line"])), [])
        if not found:
            continue
        reported += 1
        for dropped in (None, *PIECES):
            if all(hidden_by(failures(f["message"]), dropped) for f in found):
                hidden[dropped] += 1
        fails = [failures(f["message"]) for f in found]
        if all(x is not None and len(x) <= 1 for x in fails):
            tags = ",".join("TIER" if not x else "-" + next(iter(x)) for x in fails if x is not None)
            print(f"    R {tags:9} #{r['number']} {r['file']}:{r['line']} {r['function']}"
                  f" | {r['reason'][:120]}")
    print(f"- R reported now {reported}; hidden by the tier {hidden[None]}; "
          + ", ".join(f"without `{p}` {hidden[p]}" for p in PIECES))
    print()


def main() -> None:
    outroot = pathlib.Path(sys.argv[1])
    for name in sys.argv[2:]:
        draw(outroot, name)


if __name__ == "__main__":
    main()
