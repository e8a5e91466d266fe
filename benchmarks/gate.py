"""What the model's gate (synclint/model/candidates.py) sends to LibCST: how many files, and
what share of the bytes, have a candidate site of some rule, and per rule in how many
files; with the CPU time of the whole-program index and of the gate (facts and walk).

    python benchmarks/gate.py                 # torch/nn, optim, fx (as benchmarks/speed.py)
    python benchmarks/gate.py --tree full     # the whole torch package
    python benchmarks/gate.py DIR             # any folder

Times are CPU seconds of this one process (no lint workers, no rules run), with the cyclic
garbage collector off as in the index and the lint workers (with it on, the gate's
allocations rescan the index's objects and its time doubles).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed import select_files  # noqa: E402

from synclint.checking import project_views  # noqa: E402
from synclint.model.candidates import DECIDED, candidate_codes  # noqa: E402
from synclint.model.facts import file_facts  # noqa: E402
from synclint.model.project import no_cyclic_gc  # noqa: E402
from synclint.model.summaries import FileView  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", help="a folder of Python files (default: torch)")
    parser.add_argument("--tree", choices=("subset", "full"), default="subset")
    args = parser.parse_args()
    if args.folder is not None:
        files = sorted(str(p) for p in Path(args.folder).rglob("*.py"))
    else:
        files = [str(p) for p in select_files(args.tree, None)]
    start = time.process_time()
    views = project_views(files)
    index = time.process_time() - start
    start = time.process_time()
    per_rule: Counter[str] = Counter()
    with no_cyclic_gc():  # as a lint worker runs it (`engine.lint_source`)
        kept, kept_bytes, total_bytes = _gate(files, views, per_rule)
    gate = time.process_time() - start
    print(f"{len(files)} files: {kept} ({kept / max(len(files), 1):.0%}) have a candidate "
          f"site, {kept_bytes / max(total_bytes, 1):.0%} of the bytes")
    print(f"index {index:.1f} CPU s, gate {gate:.1f} CPU s")
    print("files per rule: " + ", ".join(f"{code} {n}" for code, n in sorted(per_rule.items())))
    return 0


def _gate(files: list[str], views: Mapping[str, FileView], per_rule: Counter[str]
          ) -> tuple[int, int, int]:
    """Files and bytes with a candidate site (counted per rule in `per_rule`), and the
    bytes of all files."""
    kept = kept_bytes = total_bytes = 0
    for path in files:
        text = Path(path).read_text(encoding="utf-8", errors="surrogateescape")
        total_bytes += len(text)
        view = views.get(path)
        facts = file_facts(text, path, view) if view is not None else None
        if view is None or facts is None:  # not indexed, or not valid Python: all rules
            kept, kept_bytes = kept + 1, kept_bytes + len(text)
            continue
        found = candidate_codes(text, facts.tree, facts, view, DECIDED)
        per_rule.update(found)
        if found:
            kept, kept_bytes = kept + 1, kept_bytes + len(text)
    return kept, kept_bytes, total_bytes


if __name__ == "__main__":
    raise SystemExit(main())
