# expect-fix: safe
# max-syncs: 2
"""`.long()` of a max, `torch.zeros((), dtype=torch.bool, device=...)` and a float sum cast with
`.to(dtype=torch.float32)`: one int stack with the bool riding along, and one float read."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> tuple[int, bool, int, float]:
    top = x.amax().long()
    flag = torch.zeros((), dtype=torch.bool, device=x.device)
    low = x.amin().long()
    total = x.sum().to(dtype=torch.float32)
    return top.item(), flag.item(), low.item(), total.item()


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(6)
    return [(torch.randn(5) * 10,), (torch.tensor([7.9, -2.5]),), (torch.arange(4),),
            (torch.tensor([1.5], dtype=torch.float64),)]


def edge_inputs() -> list[tuple[torch.Tensor]]:
    # No element: amax raises before anything is read, in both versions.
    return [(torch.empty(0),)]
