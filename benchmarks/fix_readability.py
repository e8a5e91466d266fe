"""How the batched fix reads: lines it adds per fixed loop and new ruff findings, on the
differential harness's batched shapes.

Usage: python benchmarks/fix_readability.py [--show]

For every batched shape the fixer rewrites (with --unsafe-fixes, so unsafe fixes count
too) prints the lines added (added minus removed) and the findings `ruff check --select
E,F,W,B` reports in the fixed file that it did not report in the original (skipped when
ruff is not installed); then the median and the largest lines-added figure. Exits 1 when
the median is above 3, a loop adds more than 8 lines, or ruff finds something new.
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


def ruff_findings(text: str) -> list[str] | None:
    """`ruff check --select E,F,W,B` on `text` as a file of its own: code:message lines."""
    ruff = shutil.which("ruff")
    if ruff is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "shape.py"
        path.write_text(text, encoding="utf-8")
        done = subprocess.run(
            # The style the fixer followed for a file outside any project: black's 88
            # columns, Python 3.9 (no `zip(strict=)`).
            [ruff, "check", "--isolated", "--select", "E,F,W,B", "--target-version", "py39",
             "--line-length", "88",
             "--output-format", "concise", "--no-cache", str(path)],
            capture_output=True, text=True, check=False)
    return sorted(line.split(":", 3)[-1].strip() for line in done.stdout.splitlines()
                  if line.startswith(str(path)))


def main(argv: list[str]) -> int:
    show = "--show" in argv
    figures: list[int] = []
    new_findings = 0
    for path in shape_paths(("batched",)):
        before = path.read_text(encoding="utf-8")
        after = fix_source(before, path.name, FIX_CODES["batched"], unsafe=True).text
        if after == before:
            continue
        added = lines_added(before, after)
        figures.append(added)
        old, new = ruff_findings(before), ruff_findings(after)
        extra = [] if old is None or new is None else [f for f in new if f not in old]
        new_findings += len(extra)
        print(f"{path.stem:40} +{added} lines" + (f"  new ruff: {extra}" if extra else ""))
        if show:
            print("".join(difflib.unified_diff(before.splitlines(True),
                                               after.splitlines(True), n=1)))
    if not figures:
        print("no shape was fixed")
        return 1
    median = statistics.median(figures)
    print(f"fixed loops: {len(figures)}  lines added: median {median}  max {max(figures)}"
          f"  new ruff findings: {new_findings}")
    ok = median <= MEDIAN_LIMIT and max(figures) <= MAX_LIMIT and new_findings == 0
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
