"""SYN301 float32-squared-norm: squared sums that overflow in float32, their float64 and
non-norm look-alikes, and the detection structure the float64 fix will reuse."""

from __future__ import annotations

import textwrap
from typing import ClassVar

import libcst as cst
import pytest

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_module
from synclint.fixes.matches import SquaredNorm
from synclint.rules.base import Rule
from synclint.rules.float32_squared_norm import match_squared_norm
from tests.linter.helpers import rule_findings

CODE = "SYN301"


def findings(source: str) -> list[Diagnostic]:
    return rule_findings(CODE, source)


def spans(source: str) -> list[tuple[int, int, int, int]]:
    return [(d.location.row, d.location.column, d.end_location.row, d.end_location.column)
            for d in findings(source)]


SEED = """\
import torch
from torch import nn


def compute_grad_norm_surrogate(module: nn.Module) -> float | None:
    grads = [p.grad for p in module.parameters() if p.grad is not None]
    if not grads:
        return None
    total_sq = sum(
        (g.float() * g.float()).sum() for g in grads
    )
    return float(total_sq.sqrt().item())
"""


def test_seed_float_upcast_norm_is_reported_once_on_the_whole_sum() -> None:
    found = findings(SEED)
    assert len(found) == 1
    assert spans(SEED) == [(9, 16, 11, 6)]
    assert "1.8e19" in found[0].message
    assert "float64" in (found[0].help or "")
    assert found[0].fix is not None and found[0].fix.applicability.value == "safe"


def test_seed_is_suppressed_by_noqa_on_the_reported_line() -> None:
    assert findings(SEED.replace("total_sq = sum(\n", "total_sq = sum(  # noqa\n")) == []


@pytest.mark.parametrize(
    "expression",
    [
        "(g * g).sum()",
        "g.pow(2).sum()",
        "(g ** 2).sum()",
        "g.square().sum()",
        "torch.sum(g ** 2)",
        "torch.sum(g * g)",
        "torch.sum(torch.square(g))",
        "torch.pow(g, 2).sum()",
        "(g.float() * g.float()).sum()",
        "g.detach().float().pow(2).sum()",
        "g.view(-1).pow(2.0).sum()",
        "(g ** 2).sum(dtype=torch.float64)",  # the squares are still float32
        "(g ** 2).nansum()",
        "torch.dot(g, g)",
        "g.dot(g)",
        "(p.grad * p.grad).sum()",
        "(p.grad.data ** 2).sum()",
        "torch.stack(norms).pow(2).sum()",
        "(torch.stack(norms) ** 2).sum()",
        "sum(n ** 2 for n in norms)",
        "sum(x.norm() ** 2 for x in norms)",
        "sum(torch.linalg.vector_norm(x) ** 2 for x in norms)",
        "sum([torch.sum(x ** 2) for x in norms])",
        "sum(q.grad.pow(2).sum() for q in model.parameters())",
    ],
)
def test_float32_squared_sums_are_reported(expression: str) -> None:
    source = (
        "import torch\n"
        "def f(g: torch.Tensor, p: torch.nn.Parameter, norms: list[torch.Tensor], model):\n"
        f"    return {expression}\n"
    )
    assert spans(source) == [(3, 12, 3, 12 + len(expression))], expression


@pytest.mark.parametrize(
    "expression",
    [
        # float64 operands.
        "(g.double() * g.double()).sum()",
        "(g.double() ** 2).sum()",
        "g.to(torch.float64).pow(2).sum()",
        "g.to(dtype=torch.float64).square().sum()",
        "torch.sum(g.double() ** 2)",
        "(h ** 2).sum()",
        "sum(x.norm(dtype=torch.float64) ** 2 for x in norms)",
        "sum(torch.linalg.vector_norm(x, dtype=torch.float64) ** 2 for x in norms)",
        # A norm alone.
        "torch.linalg.vector_norm(g)",
        "g.norm()",
        "torch.norm(g, 2)",
        # A dot product of two different tensors.
        "(g * w).sum()",
        "torch.dot(g, w)",
        # Means of squares: MSE-style losses.
        "(g ** 2).mean()",
        "g.pow(2).mean()",
        # Losses: the operand is a difference.
        "((g - w) ** 2).sum()",
        "torch.sum((g - w) ** 2)",
        # Row-wise sums of squares.
        "(g * g).sum(dim=-1)",
        "g.pow(2).sum(1)",
        # Not a square.
        "(g ** 3).sum()",
        "g.abs().sum()",
        # Host numbers.
        "sum(x ** 2 for x in floats)",
        "sum(x * x for x in floats)",
        # Unproven tensors squared with `**` / `*` and summed with `.sum()`.
        "(u ** 2).sum()",
        "(u * u).sum()",
        # A boolean mask squared is a count.
        "((g > 0) * (g > 0)).sum()",
    ],
)
def test_look_alikes_are_not_reported(expression: str) -> None:
    source = (
        "import torch\n"
        "def f(g: torch.Tensor, w: torch.Tensor, norms: list[torch.Tensor],"
        " floats: list[float], u):\n"
        "    h = torch.zeros(3, dtype=torch.float64, device='cuda')\n"
        f"    return {expression}\n"
    )
    assert findings(source) == [], expression


@pytest.mark.parametrize(
    "source",
    [
        "import numpy as np\nimport torch\ndef f(a):\n    return np.sum(a ** 2)\n",
        ("import numpy as np\nimport torch\ndef f(x):\n    arr = np.asarray(x)\n"
        "    return (arr ** 2).sum(), arr.dot(arr)\n"),
        "import numpy as np\nimport torch\ndef f(arr: np.ndarray):\n    return (arr * arr).sum()\n",
        # A file without torch: `.norm()` belongs to something else.
        "def f(vectors):\n    return sum(v.norm() ** 2 for v in vectors)\n",
        # The built-in sum shadowed by a parameter.
        "import torch\ndef f(xs: list[torch.Tensor], sum):\n    return sum(x ** 2 for x in xs)\n",
        # Python floats accumulated from `.item()`.
        ("import torch\ndef f(model):\n    total = 0.0\n    for p in model.parameters():\n"
        "        total += p.grad.norm().item() ** 2\n    return total ** 0.5\n"),
        # A single squared norm outside any loop is not a sum.
        "import torch\ndef f(g: torch.Tensor):\n    t = 0.0\n    t += g.norm() ** 2\n    return t\n",
        # Norms computed by _foreach_norm on float64 copies stay float64.
        ("import torch\ndef f(grads: list[torch.Tensor]):\n"
        "    grads_double = [g.double() for g in grads]\n"
        "    norms = torch._foreach_norm(grads_double, ord=2)\n"
        "    return torch.stack(norms).pow(2).sum()\n"),
    ],
)
def test_file_level_look_alikes_are_not_reported(source: str) -> None:
    assert findings(source) == []


def test_name_bound_to_a_float64_host_copy_is_not_reported() -> None:
    source = """\
        import torch
        def norm_report(grads: list[torch.Tensor]) -> float:
            norms = torch.stack([torch.linalg.vector_norm(g) for g in grads]).double().cpu()
            return float((norms ** 2).sum().sqrt())
    """
    assert findings(source) == []


def test_float64_then_float32_again_is_reported() -> None:
    source = """\
        import torch
        def f(g: torch.Tensor):
            h = g.double().float()
            return (h * h).sum(), (g.double().float() ** 2).sum()
    """
    assert len(findings(source)) == 2


def test_ticket_recommended_foreach_norm_fix_is_still_reported() -> None:
    source = """\
        import torch
        def compute_grad_norm_surrogate(module):
            grads = [p.grad for p in module.parameters() if p.grad is not None]
            norms = torch._foreach_norm(grads, ord=2)
            total_sq = torch.stack(norms).pow(2).sum()
            return float(total_sq.sqrt().item())
    """
    assert spans(source) == [(5, 16, 5, 47)]


def test_norm_squared_accumulated_in_a_loop_is_reported_on_the_term() -> None:
    source = """\
        import torch
        def clip_grad_norm(parameters, max_norm: float):
            total_norm = 0.0
            for p in parameters:
                if p.grad is None:
                    continue
                param_norm = p.grad.data.norm(2)
                total_norm += param_norm ** 2
            return total_norm ** 0.5
    """
    assert spans(source) == [(8, 23, 8, 38)]


def test_squared_sum_accumulated_in_a_loop_is_reported_on_the_sum() -> None:
    source = """\
        import torch
        def grad_norm(model: torch.nn.Module) -> torch.Tensor:
            total = torch.zeros(())
            for name, p in model.named_parameters():
                if p.grad is not None:
                    total += (p.grad.float() ** 2).sum()
            return total.sqrt()
    """
    assert spans(source) == [(6, 22, 6, 49)]


def test_only_the_squared_sum_inside_a_longer_chain_is_reported() -> None:
    source = "import torch\ndef f(g: torch.Tensor):\n    return g.pow(2).sum().sqrt().item()\n"
    assert spans(source) == [(3, 12, 3, 26)]


def test_aliased_torch_import_is_recognised() -> None:
    source = """\
        import torch as T
        def f(g: T.Tensor):
            return T.sum(T.square(g))
    """
    assert spans(source) == [(3, 12, 3, 30)]


def test_imported_functions_are_recognised() -> None:
    source = """\
        from torch import Tensor, stack, sum as tsum
        def f(g: Tensor, norms: list[Tensor]):
            return tsum(g * g), stack(norms).pow(2).sum()
    """
    assert spans(source) == [(3, 12, 3, 23), (3, 25, 3, 50)]


def test_unknown_values_are_reported_when_a_torch_only_method_proves_them() -> None:
    source = """\
        import torch
        def f(g, grad):
            return g.pow(2).sum(), grad.float().square().sum(), torch.sum(g * g)
    """
    assert len(findings(source)) == 3


def test_noqa_with_code_suppresses_only_that_line() -> None:
    source = """\
        import torch
        def f(g: torch.Tensor, grad: torch.Tensor):
            a = (g * g).sum()  # noqa: SYN301
            b = (grad * grad).sum()
            return a + b
    """
    assert [s[0] for s in spans(source)] == [4]


class _Capture(Rule):
    """A test-only rule that records what `match_squared_norm` exposes."""

    code = "T301"
    name = "capture"
    summary = "capture"
    found: ClassVar[list[SquaredNorm]] = []

    def visit_Call(self, node: cst.Call) -> None:
        match = match_squared_norm(node, self.ctx)
        if match is not None:
            self.found.append(match)


def _matches(source: str) -> list[SquaredNorm]:
    _Capture.found = []
    text = textwrap.dedent(source)
    lint_module(cst.parse_module(text), text, "x.py", [_Capture])
    return list(_Capture.found)


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def test_match_exposes_the_seed_parts_for_the_fixer() -> None:
    outer = _matches(SEED)[0]
    assert outer.form == "builtin-sum"
    assert _code(outer.square) == "(g.float() * g.float())"
    assert _code(outer.operand) == "g.float()"
    assert isinstance(outer.comprehension, cst.GeneratorExp)


@pytest.mark.parametrize(
    ("expression", "form", "operand"),
    [
        ("g.pow(2).sum()", "sum-method", "g"),
        ("torch.sum(g ** 2)", "sum-function", "g"),
        ("torch.dot(g, g)", "dot", "g"),
        ("torch.stack(norms).pow(2).sum()", "sum-method", "torch.stack(norms)"),
    ],
)
def test_match_reports_form_and_operand(expression: str, form: str, operand: str) -> None:
    (match,) = _matches(
        "import torch\ndef f(g: torch.Tensor, norms: list[torch.Tensor]):\n"
        f"    return {expression}\n")
    assert (match.form, _code(match.operand), _code(match.node)) == (form, operand, expression)
