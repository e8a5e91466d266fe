# expect-fix: unsafe
# max-syncs: 0
"""float16 activations doubled or halved by the sign of their mean: float16 out."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> tuple[torch.Tensor, torch.dtype]:
    if x.mean() > 0:
        y = x * 2
    else:
        y = x / 2
    return y, y.dtype


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(4)
    return [(torch.randn(5).half(),), (torch.tensor([60000.0, 1.0]).half(),),
            (torch.tensor([float("nan")]).half(),), (torch.empty(0).half(),)]
