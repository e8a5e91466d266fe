"""How the fixes read: lines the batched fix adds per fixed loop, and new ruff findings in
every fixed shape of the differential harness.

Usage: python benchmarks/fix_readability.py [--show]

For every batched shape the fixer rewrites (with --unsafe-fixes, so unsafe fixes count
too) prints the lines added (added minus removed) and the findings `ruff check --select
E,F,W,B` reports in the fixed file that it did not report in the original (skipped when
ruff is not installed); then the median and the largest lines-added figure. The float64,
chunked, merged-read and select shapes are checked for new ruff findings too. Exits 1
when the median is above 3, a loop adds more than 8 lines, or ruff finds something new.
"""

from __future__ import annotations

import difflib
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from synclint.fixer import fix_source  # noqa: E402
from tests.fixes.differential import FIX_CODES, shape_paths  # noqa: E402

MEDIAN_LIMIT = 3
MAX_LIMIT = 8


def lines_added(before: str, after: str) -> int:
    diff = list(difflib.ndiff(before.splitlines(), after.splitlines()))
    return sum(line.startswith("+ ") for line in diff) - sum(
        line.startswith("- ") for line in diff)


def ruff_findings(texts: dict[str, str]) -> dict[str, list[str]] | None:
    """`ruff check --select E,F,W,B` on each text as a file of its own (one ruff run for
    all): code and message per finding, by name."""
    ruff = shutil.which("ruff")
    if ruff is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for name, text in texts.items():
            path = Path(folder) / f"{name}.py"
            path.write_text(text, encoding="utf-8")
            paths[str(path)] = name
        # The style the fixer followed for a file outside any project: black's 88
        # columns, ruff's default target (Python 3.10: `zip(strict=)` exists).
        done = subprocess.run(
            [ruff, "check", "--isolated", "--select", "E,F,W,B", "--target-version", "py310",
             "--line-length", "88", "--output-format", "concise", "--no-cache", folder],
            capture_output=True, text=True, check=False)
    found: dict[str, list[str]] = {name: [] for name in texts}
    for line in done.stdout.splitlines():
        path, _, rest = line.partition(":")
        if path in paths:
            found[paths[path]].append(rest.split(":", 2)[-1].strip())
    return {name: sorted(items) for name, items in found.items()}


def fixed_shapes(patterns: tuple[str, ...] = ("batched",)) -> list[tuple[str, str, str]]:
    """(name, original, fixed with --unsafe-fixes) of every shape of these patterns the
    fixer rewrites (named `pattern/shape` outside the batched ones)."""
    result = []
    for pattern in patterns:
        for path in shape_paths((pattern,)):
            before = path.read_text(encoding="utf-8")
            after = fix_source(before, path.name, FIX_CODES[pattern], unsafe=True).text
            if after != before:
                name = path.stem if pattern == "batched" else f"{pattern}/{path.stem}"
                result.append((name, before, after))
    return result


OTHER_PATTERNS = ("float64", "chunked", "merged", "where")


def new_findings(shapes: list[tuple[str, str, str]]) -> dict[str, list[str]] | None:
    texts = {f"{name.replace('/', '__')}__before": before for name, before, _ in shapes}
    texts.update({f"{name.replace('/', '__')}__after": after for name, _, after in shapes})
    found = ruff_findings(texts)
    if found is None:
        return None
    return {name: [f for f in found[f"{key}__after"] if f not in found[f"{key}__before"]]
            for name, key in ((name, name.replace("/", "__")) for name, _, _ in shapes)}


def main(argv: list[str]) -> int:
    show = "--show" in argv
    shapes = fixed_shapes()
    others = fixed_shapes(OTHER_PATTERNS)
    extra = new_findings(shapes + others) or {}
    figures: list[int] = []
    for name, before, after in shapes:
        added = lines_added(before, after)
        figures.append(added)
        found = extra.get(name, [])
        print(f"{name:40} +{added} lines" + (f"  new ruff: {found}" if found else ""))
        if show:
            print("".join(difflib.unified_diff(before.splitlines(True),
                                               after.splitlines(True), n=1)))
    for name, before, after in others:
        if extra.get(name):
            print(f"{name:40} new ruff: {extra[name]}")
            if show:
                print("".join(difflib.unified_diff(before.splitlines(True),
                                                   after.splitlines(True), n=1)))
    total_new = sum(len(found) for found in extra.values())
    if not figures:
        print("no shape was fixed")
        return 1
    median = statistics.median(figures)
    print(f"fixed loops: {len(figures)}  lines added: median {median}  max {max(figures)}"
          f"  new ruff findings: {total_new} (in {len(shapes) + len(others)} fixed shapes)")
    ok = median <= MEDIAN_LIMIT and max(figures) <= MAX_LIMIT and total_new == 0
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
