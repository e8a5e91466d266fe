"""The functions the model evaluated without a tensor (`Project.tensor_free`, read by the
gate through `FileView.tensor_free` and `Facts.kind_for_gate`): the flag must hold for
the evaluation a lint worker makes of the same code, or the gate would skip a site."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import UNKNOWN
from synclint.model import flow
from synclint.model.facts import file_facts
from synclint.model.kindops import holds_tensors
from synclint.model.project import Project, build_project
from synclint.model.spans import Lines, ast_spans
from tests.model.precision_cases import precision_cases


def _project(sources: dict[str, str]) -> Project:
    return build_project(sources, {name: name.removesuffix(".py").replace("/", ".")
                                   for name in sources})


def _tensor_kinds_by_function(project: Project, filename: str, text: str,
                              monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """For each function of the file, whether the facts' own evaluation of it (a lint
    worker's) gave an expression a tensor kind."""
    seen: dict[str, bool] = {}
    original = flow.Flow._record

    def record(self: flow.Flow, node, kind, value=None):  # type: ignore[no-untyped-def]
        if holds_tensors(kind):
            seen[self.function.key] = True
        else:
            seen.setdefault(self.function.key, False)
        return original(self, node, kind, value)

    view = project.view(filename)
    assert view is not None
    with monkeypatch.context() as patch:
        patch.setattr(flow.Flow, "_record", record)
        facts = file_facts(text, filename, view)
        assert facts is not None
        facts.evaluate_all()
    return seen


def test_a_function_without_tensors_is_flagged_and_one_with_a_tensor_is_not() -> None:
    source = ("import torch\n\n\n"
              "def names(config):\n    if config.debug:\n        return [k for k in config]\n"
              "    return []\n\n\n"
              "def total(x: torch.Tensor):\n    if x.sum() > 0:\n        return 1\n"
              "    return 0\n\n\n"
              "def made(n):\n    return torch.zeros(n)\n\n\n"
              "def pair(n):\n    return [torch.ones(n)], n\n")
    project = _project({"m.py": source})
    assert "m:names" in project.tensor_free
    # A parameter annotated as a tensor, a factory's result, a list of tensors:
    assert {"m:total", "m:made", "m:pair"}.isdisjoint(project.tensor_free)
    view = project.view("m.py")
    assert view is not None and "m:names" in view.tensor_free


def test_a_tensor_reaching_through_a_callee_summary_clears_the_flag() -> None:
    helper = "import torch\n\n\ndef load(n):\n    return torch.ones(n).cuda()\n"
    caller = ("from helper import load\n\n\n"
              "def step(n):\n    value = load(n)\n    if value:\n        return 1\n"
              "    return 0\n")
    project = _project({"helper.py": helper, "train.py": caller})
    assert "train:step" not in project.tensor_free


def test_the_gate_answers_unknown_in_flagged_code_without_evaluating_it() -> None:
    source = "def names(config):\n    if config.debug:\n        return 1\n    return 0\n"
    project = _project({"m.py": source})
    view = project.view("m.py")
    assert view is not None and "m:names" in view.tensor_free
    facts = file_facts(source, "m.py", view)
    assert facts is not None
    test = facts.tree.body[0].body[0].test  # type: ignore[attr-defined]
    span = next(iter(ast_spans(test, Lines(source))))
    assert facts.kind_for_gate(test) is UNKNOWN
    assert not facts._done  # nothing evaluated
    # The rules' own question evaluates it, as before:
    assert facts.kind(span) is not None and "m:names" in facts._done


def test_a_header_on_the_body_line_is_never_answered_without_evaluating() -> None:
    # The default `t.sum()` is the module's code, on the function's only line.
    source = ("import torch\nt = torch.ones(2)\n\n\n"
              "def f(a=t.sum()): return a\n")
    project = _project({"m.py": source})
    view = project.view("m.py")
    assert view is not None
    facts = file_facts(source, "m.py", view)
    assert facts is not None
    default = facts.tree.body[2].args.defaults[0]  # type: ignore[attr-defined]
    span = next(iter(ast_spans(default, Lines(source))))
    assert facts.kind_for_gate(default) == facts.kind(span)


@pytest.mark.parametrize(("argument", "evaluated"), [
    ("torch.zeros(3)", True),  # a CPU tensor: the facts' code has a tensor (SYN105's)
    ("np.zeros(3)", False),  # a NumPy array: still no tensor anywhere
])
def test_host_parameters_given_after_the_fixed_point_disable_the_flag_when_tensors(
        argument: str, evaluated: bool) -> None:
    # Every project call gives `_scale` a host value typed as a tensor: the facts
    # evaluate its body with host kinds the index's evaluation did not have. (Its
    # annotation makes it a tensor's code anyway; the flag is forced to test the guard.)
    source = ("import numpy as np\nimport torch\n\n\n"
              "def _scale(values: torch.Tensor):\n    if values:\n        return 1\n"
              "    return 0\n\n\n"
              f"def run():\n    return _scale({argument})\n")
    project = _project({"m.py": source})
    view = project.view("m.py")
    assert view is not None and view.summaries["m:_scale"].host_params
    object.__setattr__(view, "tensor_free", view.tensor_free | {"m:_scale"})
    facts = file_facts(source, "m.py", view)
    assert facts is not None
    test = facts.tree.body[2].body[0].test  # type: ignore[attr-defined]
    facts.kind_for_gate(test)
    assert ("m:_scale" in facts._done) is evaluated


def test_every_flag_holds_for_the_facts_evaluation_of_every_precision_case(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the whole precision set (single files and packages): no function the model
    flags gives an expression a tensor kind when a lint worker evaluates it."""
    flagged = unflagged = 0
    wrong: list[str] = []
    for name, sources in precision_cases():
        project = _project(sources)
        for filename, text in sources.items():
            seen = _tensor_kinds_by_function(project, filename, text, monkeypatch)
            view = project.view(filename)
            assert view is not None
            for key, tensors in seen.items():
                if key in view.tensor_free:
                    flagged += 1
                    summary = view.summaries.get(key)
                    host = summary.host_params if summary is not None else ()
                    if tensors and not any(holds_tensors(kind) for _, kind in host):
                        wrong.append(f"{name}: {key}")
                else:
                    unflagged += 1
    assert not wrong
    assert flagged > 100 and unflagged > 100  # the set exercises both
