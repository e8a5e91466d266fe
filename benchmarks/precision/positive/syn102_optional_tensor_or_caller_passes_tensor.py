# expect: SYN102=1
# why: the same `threshold or default`, but a project caller passes 0-d device tensors for it in a loop: the `or` reads each on the host, reported at the call
from __future__ import annotations

from typing import Optional

import torch


def optimal_der(preds: torch.Tensor, threshold: Optional[torch.Tensor] = None) -> torch.Tensor:
    threshold = threshold or torch.linspace(0.0, 1.0, 51, device=preds.device)
    return (preds[:, None] > threshold).float().mean(0)


def der_sweep(preds: torch.Tensor) -> list[torch.Tensor]:
    cuts = torch.linspace(0.0, 1.0, 11, device=preds.device)
    return [optimal_der(preds, threshold=cut) for cut in cuts]
