"""The issue 22 tables at a later commit, from the committed labels and a fresh run's findings.

    python issue22_tables.py FINDINGS_DIR

FINDINGS_DIR holds one JSON file per fresh-code package (`synclint check --no-cache
--exit-zero --output-format json PKG > FINDINGS_DIR/PKG.json`, run from the corpora's
parent). Prints:

- the sample row "all labelled, still reported": every finding labelled in any draw
  (`issue22-sample-labels.tsv`, the latest draw's label where a site was drawn twice) that
  the run still reports (same code, same file and line), with the run's population;
- the labelled findings the run no longer reports (read them: a real one lost is a miss);
- the hunt's recall: each real per-step sync (`issue22-hunt-labels.tsv`, label R+ or R-)
  counts as reported when a finding sits on its line, or when a finding in the same file
  names its function as the callee that syncs (`names_callee`: "`propose_step()` reads",
  "`PIDStepSizeController.propose_step()` tests", "`f()` syncs": the call in the loop or
  the per-step code that reaches it).

    python issue22_tables.py FINDINGS_DIR --hunt LABELS.tsv --packages a,b,c [--related]

`--hunt` prints only the hunt's recall, per package and overall (with a Wilson 95%
interval), for another label file: one row per site read, with columns `file`, `line`,
`function` and `label` (R for a real per-step sync), and the packages' findings in
FINDINGS_DIR (the second fresh set: `hunt-fresh2-labels.tsv`). `--related` also counts a
site as reported when a finding's related locations sit on its line (the other reads a
SYN112 finding names); off by default, as in the first hunt.
"""
import collections
import csv
import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
PACKAGES = ("peft", "torchtune", "open_clip_torch", "sentence_transformers", "mmengine",
            "k_diffusion")


def findings(folder: pathlib.Path, packages: tuple[str, ...] = PACKAGES) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    for package in packages:
        found.extend(json.loads((folder / f"{package}.json").read_text()))
    return found


def rows(name: str) -> list[dict[str, str]]:
    with open(HERE / name, newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def reported(site: str, function: str, found: list[dict[str, object]],
             related: bool = False) -> str:
    """How a real site is reported: "line" (a finding on its line), "through" (a finding in
    its file names its function as the callee that reads), "related" (with `related`: a
    finding's related location is on its line), or "" (missed)."""
    path, line = site.rsplit(":", 1)
    if any(f"{f['filename']}:{f['location']['row']}" == site for f in found):  # type: ignore[index]
        return "line"
    if any(str(f["filename"]) == path and names_callee(str(f["message"]), function)
           for f in found):
        return "through"
    if related and any(r["filename"] == path and str(r["location"]["row"]) == line
                       for f in found for r in f.get("related") or []):  # type: ignore[union-attr]
        return "related"
    return ""


#: The verbs a whole-program message puts after the callee it names: `EFFECT_WORDS`
#: ("reads a tensor on the host", "tests a tensor as a Python bool", "makes a data-dependent
#: shape") and the short forms' "syncs with the GPU".
_CALLEE_VERBS = ("reads", "tests", "makes", "syncs")


def names_callee(message: str, function: str) -> bool:
    """Whether `message` names `function` as the callee that syncs, in any form a
    whole-program message takes: the callee quoted as a call, with or without its class
    or module (`` `f()` ``, `` `Class.f()` ``), then one of the verbs after it ("`f()`
    syncs with the GPU in per-step code, under a setting"). The message's other quotes
    (`` `forward` ``, `` `.item()` ``) never match: the name must be the whole callee."""
    pattern = rf"`(?:[\w.]+\.)?{re.escape(function)}\(\)` (?:{'|'.join(_CALLEE_VERBS)})\b"
    return re.search(pattern, message) is not None


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of k successes in n trials."""
    if not n:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
    return centre - half, centre + half


def hunt(found: list[dict[str, object]], labels: str, packages: tuple[str, ...],
         related: bool) -> None:
    """The recall table of a hunt's label file (columns package, file, line, function, label)."""
    with open(HERE / labels, newline="") as handle:
        read = list(csv.DictReader(handle, delimiter="\t"))
    total = collections.Counter()  # type: collections.Counter[str]
    print("| package | sites read | N | O | P | R | R reported | recall |")
    print("|---|---|---|---|---|---|---|---|")
    for package in packages:
        rows_ = [row for row in read if row["package"] == package]
        labels_ = collections.Counter(row["label"] for row in rows_)
        real = [row for row in rows_ if row["label"] == "R"]
        hit = [row for row in real if reported(f"{row['file']}:{row['line']}", row["function"],
                                               found, related)]
        total.update(labels_)
        total["sites"] += len(rows_)
        total["hit"] += len(hit)
        recall = f"{len(hit) / len(real):.0%}" if real else "-"
        print(f"| {package} | {len(rows_)} | {labels_['N']} | {labels_['O']} | {labels_['P']} | "
              f"{len(real)} | {len(hit)} | {recall} |")
    low, high = wilson(total["hit"], total["R"])
    print(f"| all | {total['sites']} | {total['N']} | {total['O']} | {total['P']} | {total['R']} | "
          f"{total['hit']} | {total['hit'] / total['R']:.1%} (95% {low:.1%}-{high:.1%}) |")
    for row in read:
        site = f"{row['file']}:{row['line']}"
        if row["label"] == "R" and not reported(site, row["function"], found, related):
            print(f"    missed {site} {row['function']} ({row['reason']})")


def main() -> None:
    argv = sys.argv[1:]
    related = "--related" in argv
    if "--hunt" in argv:
        packages = tuple(argv[argv.index("--packages") + 1].split(","))
        hunt(findings(pathlib.Path(argv[0]), packages), argv[argv.index("--hunt") + 1],
             packages, related)
        return
    found = findings(pathlib.Path(argv[0]))
    sites = {(f["code"], f"{f['filename']}:{f['location']['row']}") for f in found}  # type: ignore[index]
    labelled: dict[tuple[str, str], str] = {}
    for row in rows("issue22-sample-labels.tsv"):
        labelled[(row["code"], row["site"])] = row["label"]
    kept = {key: label for key, label in labelled.items() if key in sites}
    counts = collections.Counter(kept.values())
    n = len(kept)
    print(f"population {len(found)}; labelled and still reported {n}: T {counts['T']} "
          f"L {counts['L']} F {counts['F']}; precision {(counts['T'] + counts['L']) / n:.3f}, "
          f"worth {counts['T'] / n:.2f}")
    for group, part in (("package", 1), ("rule", 0)):
        table: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
        for key, label in kept.items():
            table[key[0] if part == 0 else key[1].split("/", 1)[0]][label] += 1
        for name, c in sorted(table.items(), key=lambda item: -sum(item[1].values())):
            total = sum(c.values())
            print(f"    {group} {name}: n {total} T {c['T']} L {c['L']} F {c['F']} precision "
                  f"{(c['T'] + c['L']) / total:.3f} worth {c['T'] / total:.2f}")
    print(f"labelled, no longer reported: {len(labelled) - n}")
    for (code, site), label in sorted(labelled.items()):
        if (code, site) not in sites:
            print(f"    gone {label} {code} {site}")
    real = [row for row in rows("issue22-hunt-labels.tsv") if row["label"].startswith("R")]
    how = {row["number"]: reported(row["site"], row["function"], found, related) for row in real}
    on_line = [row for row in real if how[row["number"]] == "line"]
    through = [row for row in real if how[row["number"]] in ("through", "related")]
    hits = on_line + through
    distinct = {row["site"] for row in real}
    print(f"hunt: {len(real)} real sites, {len(on_line)} with a finding on their line, "
          f"{len(through)} through the call that reaches them: {len(hits)} "
          f"({len(hits) / len(real):.1%}); distinct lines {len(distinct)}, "
          f"{len({row['site'] for row in hits})} reported")
    for row in real:
        if row not in hits:
            print(f"    missed {row['site']} {row['function']} ({row['note']})")


if __name__ == "__main__":
    main()
