# expect: none
# targets: SYN102
# why: `threshold or default` on a parameter annotated Optional[Tensor] that defaults to None and that no project caller fills: at the default nothing is read
from __future__ import annotations

from typing import Optional

import torch


def optimal_der(preds: torch.Tensor, threshold: Optional[torch.Tensor] = None) -> torch.Tensor:
    threshold = threshold or torch.linspace(0.0, 1.0, 51, device=preds.device)
    return (preds[:, None] > threshold).float().mean(0)


def der_curve(preds: torch.Tensor) -> torch.Tensor:
    return optimal_der(preds)
