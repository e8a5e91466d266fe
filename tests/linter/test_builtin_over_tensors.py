"""SYN108 builtin-over-tensors: max/min/sorted/in over GPU tensors, and their look-alikes."""

from __future__ import annotations

import pytest

from synclint.diagnostics import Applicability
from synclint.fixer import fix_source
from tests.linter.helpers import rule_findings

CODE = "SYN108"


def snippet(statement: str) -> str:
    return (
        "import torch\nimport numpy as np\n"
        "def f(ts: list[torch.Tensor], t: torch.Tensor, xs: list[float], a: np.ndarray,\n"
        "      n: int, d: dict[str, torch.Tensor]):\n"
        f"    {statement}\n"
    )


@pytest.mark.parametrize("statement", [
    "y = max(ts)", "y = min(ts)", "y = sorted(ts)", "y = sorted(ts, reverse=True)",
    "y = max(t)", "y = max(t, 1e-6)", "y = min(1.0, t.norm())", "y = 3 in t",
    "y = n not in t", "y = max(g.norm() for g in ts)", "ts.sort()",
    "y = max(ts, default=None)",
])
def test_comparisons_of_gpu_tensors_are_reported_anywhere(statement: str) -> None:
    assert len(rule_findings(CODE, snippet(statement))) == 1, statement


@pytest.mark.parametrize("statement", [
    "y = max(xs)", "y = sorted(xs)", "y = max(a)", "y = min(np.abs(a))", "y = max(n, 3)",
    "y = torch.max(t)", "y = t.max()", "y = torch.stack(ts).max()",
    "y = max(ts, key=lambda g: g.numel())", "y = 'w' in d", "y = max(len(g) for g in ts)",
    "y = max(t.cpu())", "y = 3 in t.cpu()", "y = max(torch.stack(ts).tolist())",
])
def test_host_values_and_device_reductions_are_not_reported(statement: str) -> None:
    assert rule_findings(CODE, snippet(statement)) == []


def test_shadowed_builtin_is_not_reported() -> None:
    source = "import torch\ndef f(ts: list[torch.Tensor], max):\n    return max(ts)\n"
    assert rule_findings(CODE, source) == []


def test_message_is_short_and_help_names_the_device_reduction() -> None:
    (finding,) = rule_findings(CODE, snippet("return max(ts)"))
    assert len(finding.message) <= 100
    assert finding.help is not None and "torch.stack(ts).max()" in finding.help
    assert "No safe fix" in finding.help and "NaN" in finding.help


def test_stack_fix_is_unsafe_and_rewrites_the_list_and_the_generator() -> None:
    (finding,) = rule_findings(CODE, snippet("return min(ts)"))
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    source = ("import torch\ndef f(model: torch.nn.Module):\n"
              "    return max(p.abs().max() for p in model.parameters())\n")
    fixed = fix_source(source, "x.py", [CODE], unsafe=True).text
    assert "torch.stack([p.abs().max() for p in model.parameters()]).max()" in fixed
    assert fix_source(source, "x.py", [CODE]).text == source  # never applied as safe


def test_two_argument_and_sorted_forms_have_no_fix() -> None:
    for statement in ("y = max(t, 1e-6)", "y = sorted(ts)", "y = 3 in t"):
        (finding,) = rule_findings(CODE, snippet(statement))
        assert finding.fix is None, statement


@pytest.mark.parametrize("statement", [
    "return min(ts)", "return max(ts) * 2", "y = torch.clamp(t, max=max(ts))",
    "y = max(ts)\n    return y / 2", "y = min(ts).detach()\n    return y",
    "y = max(ts)\n    z = torch.maximum(y, t)\n    return y.shape, z",
    "return -max(g.norm() for g in ts)",
    # Arithmetic whose result goes to torch or to a tensor method is a tensor use too.
    "return torch.log(max(ts) * 2)", "return (max(ts) + 1).sqrt()",
])
def test_stack_fix_is_offered_where_the_result_is_used_as_a_tensor(statement: str) -> None:
    (finding,) = rule_findings(CODE, snippet(statement))
    assert finding.fix is not None, statement
    assert finding.help is not None and "No safe fix" in finding.help


@pytest.mark.parametrize("statement", [
    "if max(ts) > 0:\n        pass", "print(max(ts))", "y = f'{min(ts)}'", "y = float(max(ts))",
    "y = max(ts).item()", "y = max(ts)\n    print(y)", "y = max(ts)\n    return y, float(y)",
    "y = max(ts)", "y = max(ts).detach()\n    if y:\n        pass", "y = str(min(ts))",
    "assert max(ts) < 1", "y = [max(ts)]", "y = (max(ts) * 2).item()",
])
def test_stack_fix_is_not_offered_where_the_result_reaches_host_code(statement: str) -> None:
    (finding,) = rule_findings(CODE, snippet(statement))
    assert finding.fix is None, statement
    assert finding.help is not None and "read" in finding.help and "tolist()" in finding.help
