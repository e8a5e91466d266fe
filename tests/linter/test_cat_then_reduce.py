"""SYN201 cat-then-reduce: joins of flattened tensors that are only reduced, their look-alikes,
and the detection structure the chunked fix will reuse."""

from __future__ import annotations

import textwrap
from typing import ClassVar

import libcst as cst
import pytest

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_module
from synclint.fixes.matches import CatThenReduce
from synclint.rules.base import Rule
from synclint.rules.cat_then_reduce import match_cat_then_reduce
from tests.linter.helpers import rule_findings

CODE = "SYN201"


def findings(source: str) -> list[Diagnostic]:
    return rule_findings(CODE, source)


def positions(source: str) -> list[tuple[int, int]]:
    return [(d.location.row, d.location.column) for d in findings(source)]


SEED = """\
import torch

def collect_seed_gradients(seed_module, enhanced: bool = True) -> dict[str, float]:
    grads = [p.grad for p in seed_module.parameters() if p.grad is not None]
    if not grads:
        return {}
    # For models with 100M+ params, this could spike VRAM
    all_grads_flat = torch.cat([g.view(-1) for g in grads])
    total = all_grads_flat.numel()
    nan_count = torch.isnan(all_grads_flat).sum().item()
    inf_count = torch.isinf(all_grads_flat).sum().item()
    zero_ratio = (all_grads_flat == 0).sum().item() / total
    grad_norm = all_grads_flat.norm(2).item()
    return {
        "nan_count": nan_count,
        "inf_count": inf_count,
        "zero_ratio": zero_ratio,
        "grad_norm": grad_norm,
    }
"""


def test_seed_gradient_stats_fires_once_on_the_cat() -> None:
    found = findings(SEED)
    assert len(found) == 1
    assert (found[0].location.row, found[0].location.column) == (8, 22)
    assert (found[0].end_location.row, found[0].end_location.column) == (8, 60)
    assert "O(total elements)" in found[0].message
    assert "O(largest tensor)" in (found[0].help or "")
    # Unsafe: `vector_norm(..., dtype=torch.float64)` raises for a complex gradient.
    assert found[0].fix is not None and found[0].fix.applicability.value == "unsafe"


def test_seed_is_suppressed_by_noqa_on_the_cat_line() -> None:
    source = SEED.replace(
        "for g in grads])\n", "for g in grads])  # noqa: SYN201\n", 1)
    assert findings(source) == []


def test_noqa_for_another_code_does_not_suppress() -> None:
    source = SEED.replace("for g in grads])\n", "for g in grads])  # noqa: SYN101\n", 1)
    assert len(findings(source)) == 1


@pytest.mark.parametrize(
    "expression",
    [
        "torch.cat([g.view(-1) for g in grads]).sum()",
        "torch.cat([g.flatten() for g in grads]).abs().max()",
        "torch.cat([g.reshape(-1) for g in grads]).mean()",
        "torch.cat([torch.flatten(g) for g in grads]).pow(2).sum().sqrt()",
        "torch.cat([g.ravel() for g in grads]).count_nonzero()",
        "torch.cat([g.detach().view(-1) for g in grads]).norm()",
        "torch.cat([g.view(-1).float() for g in grads]).amax()",
        "torch.cat(tuple(g.view(-1) for g in grads)).any()",
        "torch.stack([g.view(-1) for g in grads]).min()",
        "torch.isnan(torch.cat([g.view(-1) for g in grads])).any()",
        "torch.isinf(torch.cat([g.view(-1) for g in grads])).sum().item()",
        "(torch.cat([g.view(-1) for g in grads]) == 0).float().mean()",
        "torch.linalg.vector_norm(torch.cat([g.view(-1) for g in grads]))",
        "torch.norm(torch.cat([g.view(-1) for g in grads]), 2)",
        "torch.sum(torch.cat([g.view(-1) for g in grads]) ** 2)",
        "float(torch.cat([g.view(-1) for g in grads]).norm(2))",
        "torch.cat([p.grad.data.view(-1) for p in model.parameters()]).abs().max().item()",
        "torch.cat([g.view(-1) for g in grads], dim=0).sum(dtype=torch.float64)",
    ],
)
def test_direct_full_reduction_of_a_flat_cat_is_reported(expression: str) -> None:
    source = f"import torch\ndef f(grads, model):\n    return {expression}\n"
    assert len(findings(source)) == 1, expression


@pytest.mark.parametrize(
    "uses",
    [
        ["flat.sum()", "flat.numel()"],
        ["torch.isnan(flat).sum().item()", "torch.isinf(flat).sum().item()"],
        ["(flat == 0).sum() / flat.numel()"],
        ["(flat.abs() < eps).float().mean()"],
        ["(~torch.isfinite(flat)).any()"],
        ["(flat != flat).sum()"],
        ["(flat * flat).sum()", "len(flat)", "flat.shape[0]"],
        ["(torch.isnan(flat) | torch.isinf(flat)).sum()"],
        ["flat.std()", "flat.var(unbiased=False)", "flat.min()", "flat.max()"],
        ["torch.count_nonzero(flat).item()", "torch.linalg.vector_norm(flat, 2)"],
        ["f'{flat.norm().item():.3f}'"],
    ],
)
def test_name_whose_every_read_is_a_reduction_is_reported(uses: list[str]) -> None:
    reads = "\n".join(f"    r{i} = {use}" for i, use in enumerate(uses))
    source = (
        "import torch\ndef f(grads, eps):\n"
        "    flat = torch.cat([g.view(-1) for g in grads])\n"
        f"{reads}\n    return 0\n"
    )
    assert positions(source) == [(3, 12)], uses


@pytest.mark.parametrize(
    "uses",
    [
        ["return flat"],
        ["kept = flat\n    return kept"],  # returned through an alias
        ["{'flat': flat}"],  # stored in a dict
        ["log(flat)"],  # passed to another function
        ["flat[:10].sum()"],  # sliced
        ["flat[torch.isfinite(flat)].sum()"],  # boolean-mask indexed
        ["torch.sort(flat).values.sum()"],  # sorted
        ["flat.sort()"],
        ["flat.median()"],
        ["flat.quantile(0.9)"],
        ["flat.topk(10).values.sum()"],
        ["flat.kthvalue(3)"],
        ["torch.histc(flat)"],
        ["flat.sum(dim=0)"],  # a partial reduction
        ["flat.sum(0)"],
        ["torch.max(flat, 0)"],
        ["(flat - ref).abs().max()"],  # combined with another tensor
        ["(flat * w).sum()"],  # w may be a tensor
        ["torch.dot(flat, flat)"],
        ["((flat - flat.mean()) ** 2).mean()"],
        ["torch.where(flat > 0, flat, 0).sum()"],
        ["[x for x in flat]"],  # iterated
        ["flat.tolist()"],
        ["f'{flat}'"],
    ],
)
def test_name_used_whole_anywhere_is_not_reported(uses: list[str]) -> None:
    reads = "\n".join(f"    {use}" for use in uses)
    source = (
        "import torch\ndef f(grads, ref: torch.Tensor, w, log):\n"
        "    flat = torch.cat([g.view(-1) for g in grads])\n"
        f"    total = flat.sum()\n{reads}\n    return total\n"
    )
    assert findings(source) == [], uses


@pytest.mark.parametrize(
    "source",
    [
        # Not flattened: a concatenation of real tensors along a dimension.
        "import torch\ndef f(xs):\n    return torch.cat([x.detach() for x in xs], dim=1).sum()\n",
        "import torch\ndef f(xs):\n    return torch.cat(xs).sum()\n",
        "import torch\ndef f(g):\n    return torch.cat([g.view(2, -1) for g in gs]).sum()\n",
        "import torch\ndef f(gs):\n    return torch.cat([g.flatten(1) for g in gs]).sum()\n",
        # Flattened but never reduced.
        "import torch\ndef f(grads):\n    flat = torch.cat([g.view(-1) for g in grads])\n",
        # Rebound: the later value is used whole.
        ("import torch\ndef f(grads, other):\n    flat = torch.cat([g.view(-1) for g in grads])\n"
        "    s = flat.sum()\n    flat = other()\n    return flat, s\n"),
        # A list whose elements are not all flattens.
        ("import torch\ndef f(grads, extra):\n    flats = []\n    for g in grads:\n"
        "        flats.append(g.view(-1))\n    flats.extend(extra)\n    return torch.cat(flats).sum()\n"),
        ("import torch\ndef f(grads):\n    flats = []\n    for g in grads:\n"
        "        flats.append(g)\n    return torch.cat(flats).sum()\n"),
        # A list passed in: its elements are unknown.
        "import torch\ndef f(flats):\n    return torch.cat(flats).sum()\n",
        # Stored on self.
        ("import torch\nclass C:\n    def f(self, grads):\n"
        "        self.flat = torch.cat([g.view(-1) for g in grads])\n        return self.flat.sum()\n"),
        # NumPy's concatenate is not torch.cat.
        "import numpy as np\ndef f(arrs):\n    return np.concatenate([a.reshape(-1) for a in arrs]).sum()\n",
        # torch.cat with out=.
        "import torch\ndef f(gs, buf):\n    torch.cat([g.view(-1) for g in gs], out=buf).sum()\n",
    ],
)
def test_look_alikes_are_not_reported(source: str) -> None:
    assert findings(source) == []


def test_list_built_by_appends_in_a_loop_is_reported_at_the_cat() -> None:
    source = """\
        import torch

        def grad_health(model: torch.nn.Module) -> tuple[float, float]:
            flats = []
            for name, p in model.named_parameters():
                if p.grad is None:
                    continue
                flats.append(p.grad.detach().reshape(-1))
            flat = torch.cat(flats)
            nan_frac = torch.isnan(flat).float().mean().item()
            max_abs = flat.abs().max().item()
            return nan_frac, max_abs
    """
    assert positions(source) == [(9, 12)]


def test_list_named_then_joined_is_reported() -> None:
    source = """\
        import torch
        def f(grads):
            parts = [g.view(-1) for g in grads]
            return torch.cat(parts).norm()
    """
    assert positions(source) == [(4, 12)]


def test_literal_list_of_flattens_is_reported() -> None:
    source = "import torch\ndef f(a, b):\n    return torch.cat([a.view(-1), b.view(-1)]).abs().max()\n"
    assert positions(source) == [(3, 12)]


def test_module_level_code_is_checked_against_the_module() -> None:
    source = """\
        import torch
        flat = torch.cat([p.grad.view(-1) for p in model.parameters()])
        print(flat.sum().item(), flat.numel())
    """
    assert positions(source) == [(2, 8)]


def test_aliased_torch_import_is_recognised() -> None:
    source = """\
        import torch as T

        def stats(grads):
            flat = T.cat([g.view(-1) for g in grads])
            return T.isnan(flat).sum(), T.linalg.vector_norm(flat)
    """
    assert positions(source) == [(4, 12)]


def test_imported_cat_and_flatten_are_recognised() -> None:
    source = """\
        from torch import cat, flatten, isnan

        def stats(grads):
            flat = cat([flatten(g) for g in grads])
            return isnan(flat).any()
    """
    assert positions(source) == [(4, 12)]


def test_elementwise_result_bound_to_a_name_is_followed() -> None:
    source = """\
        import torch
        def f(grads):
            flat = torch.stack([g.float().view(-1) for g in grads])
            bad = torch.isnan(flat) | torch.isinf(flat)
            return bad.sum() / flat.numel()
    """
    assert positions(source) == [(3, 12)]


def test_elementwise_result_used_whole_is_not_reported() -> None:
    source = """\
        import torch
        def f(grads):
            flat = torch.cat([g.view(-1) for g in grads])
            mask = torch.isnan(flat)
            return mask
    """
    assert findings(source) == []


def test_two_functions_each_with_their_own_cat_are_reported_separately() -> None:
    source = """\
        import torch
        def a(grads):
            flat = torch.cat([g.view(-1) for g in grads])
            return flat.sum()
        def b(grads):
            flat = torch.cat([g.view(-1) for g in grads])
            return flat
    """
    assert positions(source) == [(3, 12)]


class _Capture(Rule):
    """A test-only rule that records what `match_cat_then_reduce` exposes."""

    code = "T201"
    name = "capture"
    summary = "capture"
    found: ClassVar[list[CatThenReduce]] = []

    def visit_Call(self, node: cst.Call) -> None:
        match = match_cat_then_reduce(node, self.ctx)
        if match is not None:
            self.found.append(match)


def _matches(source: str) -> list[CatThenReduce]:
    _Capture.found = []
    module = cst.parse_module(textwrap.dedent(source))
    lint_module(module, textwrap.dedent(source), "x.py", [_Capture])
    return list(_Capture.found)


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def test_match_exposes_elements_bindings_and_reductions_for_the_fixer() -> None:
    (match,) = _matches(SEED)
    assert match.function == "torch.cat"
    assert _code(match.call) == "torch.cat([g.view(-1) for g in grads])"
    assert isinstance(match.elements.comprehension, cst.ListComp)
    assert _code(match.elements.flatten) == "g.view(-1)"
    assert _code(match.elements.tensor) == "g"
    assert [_code(b.targets[0].target) for b in match.bindings  # type: ignore[union-attr]
            ] == ["all_grads_flat"]
    assert [r.chain for r in match.reductions] == [
        ("isnan", "sum"), ("isinf", "sum"), ("equal", "sum"), ("norm",)]
    assert _code(match.reductions[0].node) == "torch.isnan(all_grads_flat).sum()"
    assert [(m.what, _code(m.node)) for m in match.metadata] == [
        ("numel", "all_grads_flat.numel()")]


def test_match_exposes_the_append_loop() -> None:
    (match,) = _matches("""\
        import torch
        def f(model):
            flats = []
            for p in model.parameters():
                flats.append(p.grad.view(-1))
            return torch.cat(flats).sum()
    """)
    assert isinstance(match.elements.append_loop, cst.For)
    assert match.elements.list_binding is not None
    assert _code(match.elements.tensor) == "p.grad"
    assert match.bindings == ()
    assert [r.chain for r in match.reductions] == [("sum",)]
