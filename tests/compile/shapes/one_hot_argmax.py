# expect-fix: unsafe
# breaks: yes
# emulated-syncs: same (CPU one_hot checks the labels range with .item(); CUDA one_hot does not)
"""Predicted classes as one-hot rows: the width comes from the largest prediction."""
from __future__ import annotations

import torch
import torch.nn.functional as F


def naive(logits: torch.Tensor) -> torch.Tensor:
    predicted = logits.argmax(dim=-1)
    return F.one_hot(predicted).float().mean(0)


compiled = torch.compile(naive, backend="eager")


def inputs() -> list[tuple[torch.Tensor]]:
    # Every class is predicted for some row: the widths agree.
    return [(torch.eye(4) * 3 + torch.rand(4, 4),), (torch.eye(3).repeat(2, 1),)]


def edge_inputs() -> list[tuple[torch.Tensor]]:
    # The last class is never predicted: one_hot without num_classes is one column short.
    return [(torch.tensor([[2.0, 1.0, 0.0], [0.0, 2.0, 1.0]]),)]
