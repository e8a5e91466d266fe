# expect-fix: none: the intermediate mask `bad` would have to be inlined into each reduction
"""An O(total) intermediate bound to a name: reported, not fixed."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> float:
    flat = torch.stack([g.float().view(-1) for g in grads])
    bad = torch.isnan(flat) | torch.isinf(flat)
    return (bad.sum() / flat.numel()).item()


def inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.ones(3), torch.zeros(3)],)]
