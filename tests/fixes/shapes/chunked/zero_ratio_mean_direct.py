# expect-fix: safe
"""An inline zero ratio: `(torch.cat([...]) == 0).float().mean().item()` over a list."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> float:
    return (torch.cat([g.view(-1) for g in grads]) == 0).float().mean().item()


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(16)
    sparse = [torch.randn(50) * (torch.rand(50) > 0.7), torch.zeros(3, 3), torch.randn(8)]
    return [(sparse,), ([torch.ones(4)],), ([torch.zeros(2), torch.zeros(5)],), ([],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.zeros(3, dtype=torch.float16), torch.ones(2, dtype=torch.int64)],),
            ([torch.tensor([True, False])],)]
