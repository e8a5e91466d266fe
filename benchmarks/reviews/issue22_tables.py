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
  names its function as the callee that reads (`PIDStepSizeController.propose_step()
  reads a tensor on the host`: the call in the loop that reaches it).
"""
import collections
import csv
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
PACKAGES = ("peft", "torchtune", "open_clip_torch", "sentence_transformers", "mmengine",
            "k_diffusion")


def findings(folder: pathlib.Path) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    for package in PACKAGES:
        found.extend(json.loads((folder / f"{package}.json").read_text()))
    return found


def rows(name: str) -> list[dict[str, str]]:
    with open(HERE / name, newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def main() -> None:
    found = findings(pathlib.Path(sys.argv[1]))
    sites = {(f["code"], f"{f['filename']}:{f['location']['row']}") for f in found}  # type: ignore[index]
    lines = collections.Counter(f"{f['filename']}:{f['location']['row']}" for f in found)  # type: ignore[index]
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
    on_line = [row for row in real if lines[row["site"]]]
    through = [row for row in real if not lines[row["site"]] and any(
        str(f["filename"]) == row["site"].rsplit(":", 1)[0]
        and f".{row['function']}()` reads" in str(f["message"]) for f in found)]
    reported = on_line + through
    distinct = {row["site"] for row in real}
    print(f"hunt: {len(real)} real sites, {len(on_line)} with a finding on their line, "
          f"{len(through)} through the call that reaches them: {len(reported)} "
          f"({len(reported) / len(real):.1%}); distinct lines {len(distinct)}, "
          f"{len({row['site'] for row in reported})} reported")
    for row in real:
        if row not in reported:
            print(f"    missed {row['site']} {row['function']} ({row['note']})")


if __name__ == "__main__":
    main()
