# expect-fix: safe
"""`flat.sum(dtype=torch.float64).item()`: every piece is summed in float64, as the joined
tensor was, so float16 or mixed pieces give the same sum."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> float:
    flat = torch.cat([g.view(-1) for g in grads])
    return flat.sum(dtype=torch.float64).item()


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(38)
    return [([torch.randn(6, 6), torch.randn(3)],), ([torch.tensor([float("nan")])],),
            ([torch.ones(1)],), ([torch.empty(0), torch.ones(2)],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(38)
    return [([torch.randn(100).half(), torch.randn(10)],), ([torch.arange(4), torch.ones(2)],),
            ([torch.full((70000,), 1.0, dtype=torch.float16)],)]
