"""SYN104 shape-sync-in-loop: data-dependent output sizes in loops, and their look-alikes."""

from __future__ import annotations

import pytest

from synclint.diagnostics import Diagnostic
from tests.linter.helpers import rule_findings

CODE = "SYN104"


def findings(source: str) -> list[Diagnostic]:
    return rule_findings(CODE, source)


def positions(source: str) -> list[tuple[int, int]]:
    return [(d.location.row, d.location.column) for d in findings(source)]


def in_loop(statement: str) -> str:
    return (
        "import torch\n"
        "def f(ts: list[torch.Tensor], r: torch.Tensor, idx, n: int):\n"
        "    for t in ts:\n"
        f"        {statement}\n"
    )


def outside_loop(statement: str) -> str:
    return (
        "import torch\n"
        "def f(t: torch.Tensor, r: torch.Tensor, idx, n: int):\n"
        f"    {statement}\n"
    )


SHAPE_SYNCS = [
    "y = t.nonzero()",
    "y = t.nonzero(as_tuple=True)",
    "y = torch.nonzero(t)",
    "y = torch.nonzero(t > 0, as_tuple=True)",
    "y = torch.argwhere(t)",
    "y = t.argwhere()",
    "y = t[t > 0]",
    "y = t[torch.isnan(t)]",
    "y = t[~torch.isfinite(t)]",
    "y = t[torch.isinf(t) | torch.isnan(t)]",
    "y = t[torch.logical_and(t > 0, t < 1)]",
    "y = t[(t != 0).bool()]",
    "y = t[:, t.sum(0) > 0]",
    "t[t < 0] = t.abs()[t < 0] * 0",
    "t[t < 0] += 1",
    "y = t.masked_select(t > 0)",
    "y = torch.masked_select(t, t > 0)",
    "y = t.unique()",
    "y = torch.unique(t, return_counts=True)",
    "y = t.unique_consecutive()",
    "y = torch.unique_consecutive(t)",
    "y = t.repeat_interleave(r)",
    "y = t.repeat_interleave(repeats=r, dim=0)",
    "y = torch.repeat_interleave(t, r)",
    "y = torch.repeat_interleave(r)",
    "y = torch.where(t > 0)",
    "rows, cols = torch.where(t > 0)",
]


@pytest.mark.parametrize("statement", SHAPE_SYNCS)
def test_data_dependent_size_in_a_loop_is_reported(statement: str) -> None:
    assert findings(in_loop(statement)), statement


@pytest.mark.parametrize("statement", SHAPE_SYNCS)
def test_data_dependent_size_outside_a_loop_is_not_reported(statement: str) -> None:
    assert findings(outside_loop(statement)) == []


@pytest.mark.parametrize(
    "statement",
    [
        "y = torch.where(t > 0, t, 0)",
        "y = torch.where(t > 0, t, torch.zeros_like(t))",
        "y = t.nonzero_static(size=8)",
        "y = torch.nonzero_static(t, size=8)",
        "y = t.masked_fill(t < 0, 0)",
        "t.masked_fill_(torch.isnan(t), 0.0)",
        "y = t[0]",
        "y = t[idx]",
        "y = t[n]",
        "y = t[torch.arange(3)]",
        "y = t[t.argmax()]",
        "y = t[:, 1:]",
        "y = t.repeat_interleave(2)",
        "y = t.repeat_interleave(n)",
        "y = t.repeat_interleave(r, output_size=n)",
        "y = torch.repeat_interleave(t, r, output_size=n)",
        "y = torch.repeat_interleave(t, 3)",
        "t[t < 0] = 0",
        "t[torch.isnan(t)] = float('nan')",
        "t[t > 1] = -1e9",
        "y = t.where(t > 0, 0)",
        "y = t.cpu()[t.cpu() > 0]",
        "y = t.sum(dim=0)",
    ],
)
def test_fixed_size_look_alikes_in_a_loop_are_not_reported(statement: str) -> None:
    assert findings(in_loop(statement)) == []


def test_numpy_and_pandas_look_alikes_are_not_reported() -> None:
    source = """\
        import numpy as np
        import torch

        def f(arrays: list[np.ndarray], frames):
            for a, frame in zip(arrays, frames):
                pos = a[a > 0]
                idx = a.nonzero()
                names = frame["name"].unique()
                vals = np.unique(a)
    """
    assert positions(source) == []


def test_gradient_statistics_loop_reports_each_shape_sync() -> None:
    source = """\
        import torch

        def gradient_stats(model: torch.nn.Module) -> dict[str, torch.Tensor]:
            stats = {}
            for name, param in model.named_parameters():
                if param.grad is None:
                    continue
                g = param.grad.detach()
                nonzero = g[g != 0]
                stats[name + ".nonzero_mean"] = nonzero.abs().mean()
                stats[name + ".nan_positions"] = torch.nonzero(torch.isnan(g))
                stats[name + ".values"] = torch.unique(g)
            return stats
    """
    assert positions(source) == [(9, 19), (11, 42), (12, 35)]
    message = findings(source)[0].message
    assert "Boolean-mask indexing in a loop" in message
    remedy = findings(source)[0].help or ""
    assert "torch.where(mask, a, b)" in remedy and "masked_fill" in remedy


def test_while_loop_and_comprehension_are_loops() -> None:
    source = """\
        import torch

        def shrink(x: torch.Tensor, grads: list[torch.Tensor]):
            while x.numel() > 10:
                x = x[x.abs() > x.abs().mean()]
            return [g[g > 0].sum() for g in grads]
    """
    found = findings(source)
    assert [(d.location.row, d.location.column) for d in found] == [(5, 13), (6, 13)]
    assert "in a loop" in found[0].message
    assert "in a comprehension" in found[1].message


def test_messages_suggest_the_fixed_shape_alternative() -> None:
    by_statement = {
        "y = t.nonzero()": "nonzero_static",
        "y = torch.where(t > 0)": "three-argument `torch.where(mask, a, b)`",
        "y = t.repeat_interleave(r)": "output_size=",
        "y = t.masked_select(t > 0)": "masked_fill",
    }
    for statement, advice in by_statement.items():
        (finding,) = findings(in_loop(statement))
        assert advice in (finding.help or ""), statement
        assert "GPU sync per iteration" in finding.message


def test_unknown_operand_of_a_torch_function_is_a_likely_finding() -> None:
    source = """\
        import torch

        for batch in loader:
            idx = torch.nonzero(batch["mask"])
    """
    (finding,) = findings(source)
    assert finding.confidence == "likely"


def test_aliased_import_and_noqa() -> None:
    source = """\
        import torch as T

        def f(ts: list[T.Tensor]):
            for t in ts:
                a = T.nonzero(t)
                b = T.where(t > 0)  # noqa: SYN104
    """
    assert positions(source) == [(5, 13)]


def test_mask_store_of_a_tensor_value_is_reported_but_a_scalar_is_not() -> None:
    source = """\
        import torch

        def clamp_all(ts: list[torch.Tensor], fill: torch.Tensor):
            for t in ts:
                t[t < 0] = 0.0
                t[t > 1] = fill
    """
    assert positions(source) == [(6, 9)]
