"""The chunked fix in a file that imports torch's functions by name only (`from torch
import cat, isnan`): the fix writes `torch.` calls, so it adds `import torch`, and the fixed
function returns what the original returns."""

from __future__ import annotations

import math

import pytest

from synclint.fixer import fix_source
from tests.fixes.test_chunked import _seed_module

SOURCE = """\
from torch import cat, isnan


def collect_seed_gradients(seed_module) -> dict[str, float]:
    grads = [p.grad for p in seed_module.parameters() if p.grad is not None]
    if not grads:
        return {}
    all_grads_flat = cat([g.view(-1) for g in grads])
    total = all_grads_flat.numel()
    nan_count = isnan(all_grads_flat).sum().item()
    zero_ratio = (all_grads_flat == 0).sum().item() / total
    grad_norm = all_grads_flat.norm(2).item()
    return {"nan_count": nan_count, "zero_ratio": zero_ratio, "grad_norm": grad_norm}
"""


def _collect(source: str) -> object:
    namespace: dict[str, object] = {}
    exec(compile(source, "example.py", "exec"), namespace)  # noqa: S102
    return namespace["collect_seed_gradients"]


@pytest.mark.parametrize("nan", [False, True])
def test_the_fix_imports_what_it_calls(nan: bool) -> None:
    result = fix_source(SOURCE, "example.py", ["SYN201", "SYN301"], unsafe=True)
    assert result.error is None and not result.discarded
    assert result.text != SOURCE
    module = _seed_module(nan)
    before = _collect(SOURCE)(module)  # type: ignore[operator]
    after = _collect(result.text)(module)  # type: ignore[operator]
    assert list(after) == list(before)
    for key, value in before.items():
        assert type(after[key]) is type(value)
        assert math.isclose(after[key], value, rel_tol=1e-5) or (
            math.isnan(after[key]) and math.isnan(value)), key
