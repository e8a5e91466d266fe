# expect-fix: safe
# max-syncs: 1
"""A 0-d tensor made with `torch.tensor(..., dtype=, device=x.device)` and a count cast with
`.to(torch.int64)`: both dtypes are known from the code, so the int stack is proven."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> tuple[int, int, int]:
    floor = torch.tensor(3, dtype=torch.int32, device=x.device)
    positive = (x > 0).sum().to(torch.int64)
    negative = (x < 0).sum().to(torch.int64)
    return floor.item(), positive.item(), negative.item()


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(5)
    return [(torch.randn(9),), (torch.tensor([float("nan"), 2.0]),), (torch.empty(0),),
            (torch.arange(6),), (torch.tensor([True, False, True]),)]
