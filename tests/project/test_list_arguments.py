"""A helper that joins a list parameter (`torch.cat(ts)`, `torch.stack(ts)`) and reads the
result: its callers sync where the list holds tensors that may be on a GPU, and not where
it holds CPU tensors. Found by a mutant of `calls._tensor_result` (the join dropped the
parameter, so every call was reported, and `kindops.argument_syncs` did not look inside a
list, so a list of GPU tensors passed to `torch.hstack(ts)` was missed)."""

from __future__ import annotations

import pytest

from synclint.engine import lint_sources
from synclint.rules import DEFAULT_CODES


def helpers(join: str) -> str:
    return (f"import torch\n\ndef total(ts: list[torch.Tensor]):\n"
            f"    return torch.{join}(ts).sum().item()\n")


def findings(join: str, argument: str) -> list[tuple[str, int, str]]:
    train = ("import torch\nfrom helpers import total\n\ndef train(loader):\n"
             "    for batch in loader:\n"
             f"        x = {argument}\n        total([x, x])\n")
    outputs = lint_sources({"helpers.py": helpers(join), "train.py": train}, DEFAULT_CODES)
    return [(d.filename, d.location.row, d.confidence) for output in outputs.values()
            for d in output.diagnostics if d.code == "SYN101"]


@pytest.mark.parametrize("join", ["cat", "stack", "hstack", "concat"])
def test_a_list_of_gpu_tensors_syncs_at_the_call(join: str) -> None:
    assert findings(join, "torch.ones(1).cuda()") == [("train.py", 7, "high")]


@pytest.mark.parametrize("join", ["cat", "stack", "hstack", "concat"])
def test_a_list_of_cpu_tensors_does_not(join: str) -> None:
    assert findings(join, "torch.ones(1)") == []


@pytest.mark.parametrize("join", ["cat", "stack"])
def test_a_list_of_unknown_values_is_a_likely_sync(join: str) -> None:
    assert findings(join, "batch") == [("train.py", 7, "likely")]
