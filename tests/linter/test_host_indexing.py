"""SYN109 host-indexing: list indices per step, GPU slice bounds, mask stores of tensors."""

from __future__ import annotations

import pytest

from tests.linter.helpers import rule_findings

CODE = "SYN109"
HEADER = ("import torch\nimport numpy as np\n"
          "def f(x: torch.Tensor, off: torch.Tensor, v: torch.Tensor, a: np.ndarray, i: int,\n"
          "      keep: list[int], ts: list[torch.Tensor]):\n")


def in_loop(statement: str) -> str:
    return HEADER + f"    for _ in range(3):\n        {statement}\n"


def outside(statement: str) -> str:
    return HEADER + f"    {statement}\n"


@pytest.mark.parametrize("statement", [
    "y = x[[0, 2]]", "y = x[:, [1, 3]]", "y = x[keep]", "y = x[[j for j in range(3)]]",
])
def test_python_list_index_in_a_loop_is_reported(statement: str) -> None:
    assert len(rule_findings(CODE, in_loop(statement))) == 1


@pytest.mark.parametrize("statement", ["y = x[[0, 2]]", "y = x[keep]"])
def test_python_list_index_outside_a_loop_is_not_reported(statement: str) -> None:
    assert rule_findings(CODE, outside(statement)) == []


@pytest.mark.parametrize("statement", [
    "y = x[off[i]:off[i + 1]]", "y = x[: off.sum()]", "y = x[::off[0]]", "y = keep[: off[0]]",
    "y = x[0, off[0]:]",
])
def test_gpu_slice_bounds_are_reported_anywhere(statement: str) -> None:
    assert len(rule_findings(CODE, outside(statement))) == 1
    assert len(rule_findings(CODE, in_loop(statement))) == 1


@pytest.mark.parametrize("statement", [
    "y = x[i:i + 2]", "y = x[: x.shape[0] // 2]", "y = x[: len(keep)]", "y = x[(0, 1)]",
    "y = x[off]", "y = a[[0, 2]]", "y = a[keep]", "y = x[torch.tensor(keep, device=x.device)]",
    "y = x[x.size(0) - 1 :]",
])
def test_host_indices_and_device_index_tensors_are_not_reported(statement: str) -> None:
    assert rule_findings(CODE, in_loop(statement)) == []


def test_mask_store_of_a_tensor_outside_loops_only() -> None:
    assert len(rule_findings(CODE, outside("x[x > 0] = v"))) == 1
    assert rule_findings(CODE, outside("x[x > 0] = 0.0")) == []
    assert rule_findings(CODE, outside("x[torch.isnan(x)] = float('nan')")) == []
    # In a loop the same store is SYN104's finding: never reported twice.
    assert rule_findings(CODE, in_loop("x[x > 0] = v")) == []
    assert len(rule_findings("SYN104", in_loop("x[x > 0] = v"))) == 1
