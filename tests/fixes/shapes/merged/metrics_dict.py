# expect-fix: safe
# max-syncs: 1
"""Step metrics read one by one into a dict: loss and accuracy, both float means."""
from __future__ import annotations

import torch


def naive(logits: torch.Tensor) -> dict[str, float]:
    loss = (logits.float() - 0.5).square().mean()
    acc = (logits.float() > 0.5).float().mean()
    return {"loss": loss.item(), "acc": acc.item()}


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(0)
    return [(torch.randn(8),), (torch.tensor([1.0, float("nan")]),),
            (torch.tensor([float("inf"), 1.0]),), (torch.empty(0),), (torch.arange(3),)]
