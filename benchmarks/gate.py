"""What the model's gate (synclint/model/candidates.py) sends to LibCST: how many files, and
what share of the bytes, have a candidate site of some rule, and per rule in how many
files; with the CPU time of the whole-program index and of the gate (facts and walk).

    python benchmarks/gate.py                 # torch/nn, optim, fx (as benchmarks/speed.py)
    python benchmarks/gate.py --tree full     # the whole torch package
    python benchmarks/gate.py DIR             # any folder
    python benchmarks/gate.py --compare       # also the gate evaluating every scope it
                                              # asks about, and with the tensor-free
                                              # flags alone, in the same process

The gate runs as in a lint worker forked from the process that built the model: on the
model's own syntax trees, reading the kinds its evaluations gave their nodes
(`facts.share_trees`, `Project.expression_kinds`). Times are CPU seconds of this one
process (no lint workers, no rules run), with the cyclic garbage collector off as in the
index and the lint workers (with it on, the gate's allocations rescan the index's objects
and its time doubles).
"""

from __future__ import annotations

import argparse
import ast
import sys
import time
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed import select_files  # noqa: E402

from synclint.checking import index_project  # noqa: E402
from synclint.files import display_path  # noqa: E402
from synclint.model.candidates import DECIDED, candidate_codes  # noqa: E402
from synclint.model.facts import Facts, file_facts, share_trees  # noqa: E402
from synclint.model.project import Project, no_cyclic_gc  # noqa: E402
from synclint.model.spans import ast_spans  # noqa: E402
from synclint.model.summaries import FileView  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", help="a folder of Python files (default: torch)")
    parser.add_argument("--tree", choices=("subset", "full"), default="subset")
    parser.add_argument("--compare", action="store_true",
                        help="also time the gate without what the index knows")
    args = parser.parse_args()
    if args.folder is not None:
        files = sorted(str(p) for p in Path(args.folder).rglob("*.py"))
    else:
        files = [str(p) for p in select_files(args.tree, None)]
    start = time.process_time()
    with no_cyclic_gc():
        project = index_project(files, None)
    index = time.process_time() - start
    if project is None:
        print("the model could not be built", file=sys.stderr)
        return 1
    views = {path: view for path in files
             if (view := project.view(display_path(path))) is not None}
    _share(project, kinds=True)
    per_rule: Counter[str] = Counter()
    gate, evaluated, (kept, kept_bytes, total_bytes) = _timed(files, views, per_rule)
    print(f"{len(files)} files: {kept} ({kept / max(len(files), 1):.0%}) have a candidate "
          f"site, {kept_bytes / max(total_bytes, 1):.0%} of the bytes")
    print(f"index {index:.1f} CPU s, gate {gate:.1f} CPU s ({evaluated} scopes evaluated)")
    print("files per rule: " + ", ".join(f"{code} {n}" for code, n in sorted(per_rule.items())))
    if args.compare:
        _compare(project, files, views, per_rule, gate)
    return 0


def _share(project: Project, *, kinds: bool) -> None:
    """Give the gate the model's trees (and the kinds of their nodes) as a forked lint
    worker has them."""
    share_trees({m.filename: (m.sha, m.tree) for m in project.modules.values()
                 if m.tree is not None}, project.expression_kinds if kinds else None,
                project)


def _timed(files: list[str], views: Mapping[str, FileView], per_rule: Counter[str]
           ) -> tuple[float, int, tuple[int, int, int]]:
    """The gate's CPU seconds over `files`, the scopes it evaluated, and `_gate`'s counts."""
    evaluated = [0]
    original = Facts._evaluate

    def counting(facts: Facts, scope: Any) -> None:
        evaluated[0] += scope.function.key not in facts._done
        original(facts, scope)

    Facts._evaluate = counting  # type: ignore[method-assign]
    try:
        start = time.process_time()
        with no_cyclic_gc():  # as a lint worker runs it (`engine.lint_source`)
            counts = _gate(files, views, per_rule)
        return time.process_time() - start, evaluated[0], counts
    finally:
        Facts._evaluate = original  # type: ignore[method-assign]


def _compare(project: Project, files: list[str], views: Mapping[str, FileView],
             per_rule: Counter[str], gate: float) -> None:
    """The gate again, evaluating every scope it asks about (`Facts.kind` for
    `Facts.kind_for_gate`); with the tensor-free flags alone (no node kinds shared); then
    as built once more: the same candidates each way, and the ratios."""
    flagged = Facts.kind_for_gate
    Facts.kind_for_gate = _evaluating  # type: ignore[method-assign]
    try:
        without: Counter[str] = Counter()
        slow, all_evaluated, _ = _timed(files, views, without)
    finally:
        Facts.kind_for_gate = flagged  # type: ignore[method-assign]
    _share(project, kinds=False)
    flags: Counter[str] = Counter()
    middle, flags_evaluated, _ = _timed(files, views, flags)
    _share(project, kinds=True)
    again, _, _ = _timed(files, views, Counter())
    fast = min(gate, again)
    for name, counts in (("evaluating every scope", without), ("flags alone", flags)):
        if counts != per_rule:
            print(f"{name}: DIFFERENT candidates")
    print(f"evaluating every scope: gate {slow:.1f} CPU s ({all_evaluated} scopes); "
          f"the tensor-free flags alone: {middle:.1f} CPU s ({flags_evaluated} scopes); "
          f"as built {fast:.1f} CPU s (best of two): {fast / slow:.2f}x and "
          f"{fast / middle:.2f}x")


def _evaluating(facts: Facts, node: ast.expr) -> Any:
    """`Facts.kind_for_gate` as the rules ask: evaluating the scope, whatever the index
    knows."""
    for span in ast_spans(node, facts._lines):
        found = facts.kind(span)
        if found is not None:
            return found
    return None


def _gate(files: list[str], views: Mapping[str, FileView], per_rule: Counter[str]
          ) -> tuple[int, int, int]:
    """Files and bytes with a candidate site (counted per rule in `per_rule`), and the
    bytes of all files."""
    kept = kept_bytes = total_bytes = 0
    for path in files:
        text = Path(path).read_text(encoding="utf-8", errors="surrogateescape")
        total_bytes += len(text)
        view = views.get(path)
        facts = file_facts(text, display_path(path), view) if view is not None else None
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
