"""The kinds the model's own evaluation gave each node (`Project.expression_kinds`), read
by the gate of a lint worker forked from the model (`facts.share_trees`,
`Facts.kind_for_gate`): on the model's own trees, the gate must get, without evaluating,
the kind a lint worker's evaluation of the same code records, or it would skip a site."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from synclint import checking
from synclint.analysis.kinds import Kind
from synclint.model import facts as facts_module
from synclint.model.facts import Facts, file_facts, share_trees
from synclint.model.kindops import holds_tensors
from synclint.model.project import Project
from synclint.model.spans import Lines, ast_spans
from tests.model.precision_cases import precision_cases


def _index(tmp_path: Path, sources: dict[str, str]) -> Project:
    paths = []
    for name, text in sources.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    project = checking.index_project(paths, None)
    assert project is not None
    return project


def _share(project: Project) -> None:
    share_trees({m.filename: (m.sha, m.tree) for m in project.modules.values()
                 if m.tree is not None}, project.expression_kinds, project)


def _gate(kind: Kind | None) -> object:
    """What the gate tells apart: a tensor's kind (or a container's of tensors), or not."""
    return kind if kind is not None and holds_tensors(kind) else None


def _evaluated_kind(facts: Facts, node: ast.expr, lines: Lines) -> Kind | None:
    for span in ast_spans(node, lines):
        found = facts.kind(span)
        if found is not None:
            return found
    return None


def _expressions(tree: ast.Module) -> Iterator[ast.expr]:
    return (node for node in ast.walk(tree) if isinstance(node, ast.expr))


@pytest.fixture(autouse=True)
def _unshared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(facts_module, "_shared_trees", None)
    monkeypatch.setattr(facts_module, "_shared_kinds", None)
    monkeypatch.setattr(facts_module, "_shared_project", None)


SOURCE = ("import torch\n\n\n"
          "def step(xs: list[torch.Tensor]):\n"
          "    total = 0.0\n"
          "    for x in xs:\n"
          "        cpu = torch.zeros(2)\n"
          "        total += x.cuda().sum().item() + cpu.sum().item()\n"
          "    return total\n")


def test_the_gate_reads_the_models_kinds_without_evaluating(tmp_path: Path) -> None:
    project = _index(tmp_path, {"m.py": SOURCE})
    module = next(m for m in project.modules.values() if m.filename.endswith("m.py"))
    key = next(k for k in project.expression_kinds if k.endswith(":step"))
    view = project.view(module.filename)
    assert view is not None
    _share(project)
    facts = file_facts(SOURCE, module.filename, view)
    assert facts is not None and facts.tree is module.tree
    reads = [node.func.value for node in ast.walk(facts.tree)  # type: ignore[attr-defined]
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
             and node.func.attr == "item"]
    gate = [facts.kind_for_gate(node) for node in reads]
    assert not facts._done  # nothing evaluated
    # A worker's own evaluation of the same text (a tree of its own) agrees:
    share_trees(None)
    alone = file_facts(SOURCE, module.filename, view)
    assert alone is not None and alone.tree is not module.tree
    lines = Lines(SOURCE)
    alone_reads = [node.func.value for node in ast.walk(alone.tree)  # type: ignore[attr-defined]
                   if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                   and node.func.attr == "item"]
    assert gate == [_evaluated_kind(alone, node, lines) for node in alone_reads]
    assert gate[0] != gate[1]  # a GPU tensor and a CPU one: the kinds tell them apart
    assert key in project.expression_kinds


def test_a_tree_that_is_not_the_models_is_evaluated(tmp_path: Path) -> None:
    project = _index(tmp_path, {"m.py": SOURCE})
    module = next(m for m in project.modules.values() if m.filename.endswith("m.py"))
    view = project.view(module.filename)
    assert view is not None
    _share(project)
    changed = SOURCE + "\n\nx = 1\n"  # the file changed since the model read it
    facts = file_facts(changed, module.filename, view)
    assert facts is not None and facts.tree is not module.tree
    node = next(n for n in ast.walk(facts.tree) if isinstance(n, ast.Call))
    facts.kind_for_gate(node)
    assert facts._done


def test_replayed_and_requeued_evaluations_leave_no_kinds(tmp_path: Path) -> None:
    project = _index(tmp_path, {"m.py": SOURCE})
    # Tensor-free functions keep none either: the gate answers UNKNOWN there.
    assert project.expression_kinds
    assert not set(project.expression_kinds) & project.tensor_free
    assert set(project.expression_kinds) <= set(project.functions)


def test_the_models_kinds_and_module_equal_a_workers_own_over_the_precision_set(
        tmp_path: Path) -> None:
    """Over the whole precision set (single files and packages), every file:
    - every expression: the gate's answer on the model's tree equals, as the gate tells
      kinds apart, what a lint worker's evaluation of its own tree records at the span;
    - a worker that shares the model takes the model's module, functions and classes
      (made from the same tree) instead of indexing it again: every kind the rules read,
      every settings test and getter read, is what the file indexed on its own gives."""
    wrong: list[str] = []
    differ: list[str] = []
    read = reused = 0
    for index, (name, sources) in enumerate(precision_cases()):
        root = tmp_path / str(index)
        project = _index(root, sources)
        for module in project.modules.values():
            if module.tree is None or not module.filename.startswith(str(root)):
                continue
            text = Path(module.filename).read_text(encoding="utf-8")
            view = project.view(module.filename)
            assert view is not None
            share_trees({module.filename: (module.sha, module.tree)})
            fresh = file_facts(text, module.filename, view)
            _share(project)
            shared = file_facts(text, module.filename, view)
            share_trees(None)
            alone = file_facts(text, module.filename, view)
            assert shared is not None and alone is not None and fresh is not None
            assert shared.tree is module.tree and alone.tree is not module.tree
            assert fresh._module is not module
            reused += shared._module is module
            lines = Lines(text)
            gate = [_gate(shared.kind_for_gate(node)) for node in _expressions(shared.tree)]
            read += sum(1 for key in project.expression_kinds
                        if key.startswith(f"{module.name}:") and key not in shared._done)
            own = [_gate(_evaluated_kind(alone, node, lines))
                   for node in _expressions(alone.tree)]
            for node, mine, theirs in zip(_expressions(alone.tree), gate, own):
                if mine != theirs:
                    wrong.append(f"{name}: {module.filename}:{node.lineno} "
                                 f"{ast.unparse(node)[:40]}: {mine} != {theirs}")
            fresh.evaluate_all()
            shared.evaluate_all()
            if (fresh.kinds, fresh.settings, fresh.getters) != \
                    (shared.kinds, shared.settings, shared.getters):
                differ.append(f"{name}: {module.filename}")
    assert not wrong, "\n".join(wrong[:20])
    assert not differ, "\n".join(differ[:20])
    assert read > 300  # functions whose kinds the gate read without evaluating them
    assert reused > 300
