"""Ask the model what it knows: the kind of an expression at a marked position.

A probe is a call `seen(EXPR)` in the source: `probes(source)` gives the kind the model
recorded for each probed expression, in source order (the model evaluates `seen` as an
unknown function; it does not change what it knows of its argument). Several files make
one project (each file's module is its stem), so that summaries cross files.
"""

from __future__ import annotations

import ast
import re

from synclint.analysis.kinds import Kind
from synclint.diagnostics import Diagnostic
from synclint.engine import lint_sources
from synclint.model.facts import file_facts
from synclint.model.project import build_project
from synclint.model.spans import Lines, ast_spans
from synclint.rules import DEFAULT_CODES

PROBE = "seen"


def _modules(sources: dict[str, str]) -> dict[str, str]:
    return {name: name.removesuffix(".py").replace("/", ".") for name in sources}


def probes(source: str | dict[str, str], filename: str = "m.py") -> list[Kind]:
    """The kind of the argument of each `seen(...)` call of `filename`, in source order."""
    sources = {filename: source} if isinstance(source, str) else source
    project = build_project(sources, _modules(sources))
    view = project.view(filename)
    assert view is not None, f"{filename} was not indexed"
    text = sources[filename]
    facts = file_facts(text, filename, view)
    assert facts is not None, f"{filename} does not parse"
    lines = Lines(text)
    calls = [node for node in ast.walk(ast.parse(text))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
             and node.func.id == PROBE and len(node.args) == 1]
    calls.sort(key=lambda node: (node.lineno, node.col_offset))
    assert calls, f"no `{PROBE}(...)` probe in {filename}"
    found: list[Kind] = []
    for call in calls:
        span = next(ast_spans(call.args[0], lines))
        kind = facts.kind(span)
        assert kind is not None, f"the model recorded nothing for line {call.lineno}"
        found.append(kind)
    return found


def probe(source: str | dict[str, str], filename: str = "m.py") -> Kind:
    """The kind of the one probed expression."""
    (kind,) = probes(source, filename)
    return kind


def findings(source: str | dict[str, str], filename: str = "m.py") -> list[Diagnostic]:
    """What the default rules report on `filename`, with the project of `source`."""
    sources = {filename: source} if isinstance(source, str) else source
    outputs = lint_sources(sources, DEFAULT_CODES)
    output = outputs[filename]
    assert output.error is None, output.error
    return list(output.diagnostics)


def codes(source: str | dict[str, str], filename: str = "m.py") -> list[str]:
    return sorted(d.code for d in findings(source, filename))


def syncs(source: str | dict[str, str], filename: str = "m.py") -> list[str]:
    """The host syncs reported (SYN101 reads, SYN102 tensor conditions) as "code:line"."""
    return sorted(f"{d.code}:{d.location.row}" for d in findings(source, filename)
                  if d.code in ("SYN101", "SYN102"))


def line_of(source: str, text: str) -> int:
    """The line (from 1) of the one line of `source` that holds `text`."""
    (line,) = [n for n, t in enumerate(source.splitlines(), 1) if text in t]
    return line


def case_ids(codes: list[str]) -> list[str]:
    """Test ids for cases given as code: words only (a node id with quotes, brackets or
    newlines in it is not found again when mutmut selects tests by node id)."""
    return [f"{index}-" + re.sub(r"[^0-9A-Za-z]+", "-", code).strip("-")[:60]
            for index, code in enumerate(codes)]
