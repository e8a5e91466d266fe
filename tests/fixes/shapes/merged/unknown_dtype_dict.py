# expect-fix: none: the dtypes are not known: one stack of an int and a float would turn the int into a float
"""Three parameters read into a dict: their dtypes and devices are not known (no fix; the
edge inputs show what a stack would change)."""
from __future__ import annotations

import torch


def naive(loss: torch.Tensor, acc: torch.Tensor, lr: torch.Tensor) -> dict[str, float]:
    return {"loss": loss.item(), "acc": acc.item(), "lr": lr.item()}


def inputs() -> list[tuple[torch.Tensor, torch.Tensor, torch.Tensor]]:
    return [(torch.tensor(0.5), torch.tensor(0.25), torch.tensor(1e-3)),
            (torch.tensor(float("nan")), torch.tensor(float("inf")), torch.tensor(0.0))]
