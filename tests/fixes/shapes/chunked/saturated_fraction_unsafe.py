# expect-fix: unsafe
"""The fraction of saturated activations, `(flat.abs() > 0.99).float().mean()`, over every
layer's output: float32 counts of a boolean mask, but `abs` of a bool piece raises."""
from __future__ import annotations

import torch


def naive(outputs: list[torch.Tensor]) -> float:
    flat = torch.cat([o.reshape(-1) for o in outputs])
    return (flat.abs() > 0.99).float().mean().item()


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(39)
    return [([torch.tanh(torch.randn(8, 8) * 3), torch.rand(5)],),
            ([torch.tensor([float("nan"), 1.0])],), ([torch.ones(1)],), ([],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.tensor([True, False]), torch.tensor([0.5])],),
            ([torch.arange(3), torch.ones(700, dtype=torch.float16)],)]
