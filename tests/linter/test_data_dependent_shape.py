"""SYN111 data-dependent-shape: outside loops (SYN104 owns the loops), and look-alikes."""

from __future__ import annotations

import pytest

from tests.linter.helpers import rule_findings

CODE = "SYN111"
HEADER = ("import torch\nimport numpy as np\n"
          "def f(x: torch.Tensor, m: torch.Tensor, c: torch.Tensor, n: int, a: np.ndarray):\n")


def outside(*statements: str) -> str:
    return HEADER + "".join(f"    {s}\n" for s in statements)


@pytest.mark.parametrize("statement", [
    "y = torch.repeat_interleave(x, c)", "y = torch.repeat_interleave(x, c, dim=0)",
    "y = x.repeat_interleave(c)", "y = x.repeat_interleave(repeats=c, dim=1)",
    "y = torch.repeat_interleave(c)", "y = torch.where(m > 0)", "r, k = torch.where(x > 0)",
])
def test_hidden_size_reads_are_reported_anywhere_outside_loops(statement: str) -> None:
    assert len(rule_findings(CODE, outside(statement))) == 1, statement


@pytest.mark.parametrize("statements", [
    ("y = len(torch.unique(x))",), ("y = x.nonzero().tolist()",),
    ("idx = m.nonzero().flatten()", "z = idx.tolist()"),
    ("u = x.unique()", "k = u.numel()"), ("b = torch.bincount(c)", "h = b.shape"),
    ("s = torch.masked_select(x, m)", "print(len(s))"),
    ("w = torch.argwhere(m)", "for row in w:", "    pass"),
])
def test_sized_ops_feeding_host_code_are_reported(statements: tuple[str, ...]) -> None:
    assert len(rule_findings(CODE, outside(*statements))) == 1, statements


@pytest.mark.parametrize("statements", [
    ("y = torch.where(m, x, 0)",), ("y = torch.repeat_interleave(x, c, output_size=n)",),
    ("y = x.repeat_interleave(4, dim=0)",), ("y = torch.repeat_interleave(x, n)",),
    ("idx = m.nonzero().squeeze(1)", "z = x.index_fill(0, idx, 0.0)"),
    ("y = np.where(a > 0)",), ("y = len(np.unique(a))",), ("y = a.nonzero()",),
    ("y = torch.nonzero_static(m, size=4)",), ("y = x.cpu().nonzero().tolist()",),
])
def test_fixed_sizes_device_only_uses_and_numpy_are_not_reported(
        statements: tuple[str, ...]) -> None:
    assert rule_findings(CODE, outside(*statements)) == []


def test_in_loops_only_bincount_is_reported_the_rest_is_syn104s() -> None:
    source = HEADER + ("    for _ in range(3):\n        u = len(x.unique())\n"
                       "        w = torch.where(m)\n        r = torch.repeat_interleave(x, c)\n"
                       "        b = torch.bincount(c)\n")
    found = rule_findings(CODE, source)
    assert [d.location.row for d in found] == [8]
    assert len(rule_findings("SYN104", source)) == 3
