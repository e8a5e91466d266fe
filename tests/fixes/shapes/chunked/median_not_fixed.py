# expect-fix: none: a median does not combine across tensors (SYN201 does not fire)
"""Medians and norms of one flat tensor: the median needs every element at once."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> tuple[float, float]:
    flat = torch.cat([g.reshape(-1) for g in grads])
    return flat.median().item(), flat.norm().item()


def inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.ones(3), torch.zeros(3)],)]
