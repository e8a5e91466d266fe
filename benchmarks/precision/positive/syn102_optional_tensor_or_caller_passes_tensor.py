# expect: SYN102=1
# why: the same `threshold or default`, but a project caller passes a 0-d device tensor for it: the `or` reads it on the host
from __future__ import annotations

from typing import Optional

import torch


def optimal_der(preds: torch.Tensor, threshold: Optional[torch.Tensor] = None) -> torch.Tensor:
    threshold = threshold or torch.linspace(0.0, 1.0, 51, device=preds.device)
    return (preds[:, None] > threshold).float().mean(0)


def der_at(preds: torch.Tensor) -> torch.Tensor:
    return optimal_der(preds, threshold=preds.mean())
