# expect-fix: none: the guard `scale > 0` may itself read a tensor
# max-syncs: 8
"""A guard on a per-parameter scale that is itself a tensor: copying the guard into a
first pass would double its syncs."""
from __future__ import annotations

import torch


def naive(params: list[torch.Tensor], scales: list[torch.Tensor]) -> float:
    total = 0.0
    for p, scale in zip(params, scales):
        if scale > 0:
            total += p.norm().item()
    return total


def inputs() -> list[tuple[list[torch.Tensor], list[torch.Tensor]]]:
    torch.manual_seed(42)
    params = [torch.randn(3) for _ in range(4)]
    return [(params, [torch.tensor(1.0), torch.tensor(-1.0), torch.tensor(2.0),
                      torch.tensor(0.5)]), ([], [])]
