"""What the model knows about the expressions of one file, by source span: the kind of
every expression (tensor, where it lives, container of what, host value), as the
model's one evaluation computes it (DESIGN.md section 10).

The whole-program index solves every function's summary; a file's view carries the
final summaries and classes its code reads and how its dotted names resolve. From the
view alone, a worker evaluates the file's code once more, recording each expression's
kind: the same evaluation with the same inputs as the index's last one, so the facts
rules read and the summaries other files read cannot disagree.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from synclint.analysis.kinds import Kind
from synclint.model.evaluation import Evaluation, module_globals
from synclint.model.index import (
    _Class,
    _Function,
    _Module,
    module_imports,
    parse_module,
    pseudo_function,
)
from synclint.model.spans import Lines, Span

if TYPE_CHECKING:
    from synclint.model.summaries import ClassView, FileView, Summary

#: The name of the pseudo-function that holds a module's own statements.
MODULE_CODE = "<module>"


@dataclass
class Facts:
    """The kind of each expression of one file, by span (`spans.py`)."""

    kinds: dict[Span, Kind] = field(default_factory=dict)

    def kind(self, span: Span) -> Kind | None:
        return self.kinds.get(span)


class ViewModel:
    """The model as one file's view gives it: what the evaluation of that file reads."""

    def __init__(self, view: FileView, functions: Mapping[str, _Function],
                 classes: Mapping[str, _Class]) -> None:
        self.view = view
        self.summaries: Mapping[str, Summary] = view.summaries
        self.functions = {*functions, *view.summaries}
        merged: dict[str, ClassView | _Class] = dict(classes)
        merged.update(view.classes)
        self.classes = merged
        #: The names each nested function sees from its enclosing one (`flow.py`).
        self.closures: dict[str, dict[str, Kind]] = {}

    def _mro(self, key: str) -> Iterator[ClassView | _Class]:
        seen: set[str] = set()
        stack = [key]
        while stack:
            current = stack.pop(0)
            if current in seen or current not in self.classes:
                continue
            seen.add(current)
            cls = self.classes[current]
            yield cls
            stack.extend(cls.bases)

    def _name_key(self, module: _Module, dotted: str) -> str | None:
        return self.view.resolved.get(dotted)


def file_facts(text: str, filename: str, view: FileView) -> Facts | None:
    """The facts of one file's code (its functions, class bodies and module-level
    statements) from its view of the model; None when `ast` cannot parse it."""
    tree = parse_module(text, filename)
    if tree is None:
        return None
    from synclint.model.project import Project

    module = _Module(view.module, filename, tree, torch="torch" in text,
                     default_device="set_default_device" in text, text=text)
    module.imports, module.registrations = module_imports(tree, module.name, filename, text)
    scratch = Project()
    scratch._index_body(module, tree.body, (), None)
    module.names = dict(view.names)
    model = ViewModel(view, scratch.functions, scratch.classes)
    module.globals = module_globals(model, module)
    facts = Facts()
    record = (facts.kinds, Lines(text))
    for function in (*_bodies(module, tree), *scratch.functions.values()):
        evaluation = Evaluation(model, function, record)
        evaluation.run()
        model.closures.update(evaluation.closures_made)
    return facts


def _bodies(module: _Module, tree: ast.Module) -> Iterator[_Function]:
    """The module's own statements, and each class body's, as functions of no
    parameters (definitions in them are functions of their own)."""
    yield pseudo_function(module, MODULE_CODE, tree.body)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            yield pseudo_function(module, f"<class {node.name}>", node.body)
