"""A measuring aid while the two inferences become one: each kind a rule asks of the
LibCST inference, compared with the model's fact for the same span."""

from __future__ import annotations

import json
from collections.abc import Callable

import libcst as cst

from synclint.analysis.cst_spans import libcst_spans
from synclint.analysis.kinds import Kind
from synclint.model.facts import file_facts
from synclint.model.summaries import FileView


def comparer(module: cst.Module, source: str, filename: str, view: FileView,
             target: str) -> Callable[[cst.BaseExpression, Kind], None]:
    facts = file_facts(source, filename, view)
    spans = libcst_spans(module)
    seen: set[int] = set()
    code = cst.Module(body=[])

    def compare(node: cst.BaseExpression, kind: Kind) -> None:
        if id(node) in seen:
            return
        seen.add(id(node))
        span = spans.get(id(node))
        fact = facts.kind(span) if facts is not None and span is not None else None
        text = code.code_for_node(node)
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(json.dumps({
                "file": filename, "line": span[0] if span else 0,
                "node": type(node).__name__, "env": repr(kind),
                "fact": "missing" if fact is None else repr(fact),
                "code": text if len(text) < 120 else text[:117] + "...",
                "same": fact == kind,
            }) + "\n")

    return compare
