# expect-fix: safe
# max-syncs: 1
# reads-ahead: the weights are listed before the loop, also where it runs no iteration
"""diffusers' Stable Diffusion safety checker as written there: `__init__` makes the
thresholds `nn.Parameter(torch.ones(n))` (1-D; a checkpoint loaded into it keeps its
shape), so `self.concept_weights[i].item()` is read from one
`concept_weights = self.concept_weights.tolist()`, with no flatten, and the fix is safe."""
from __future__ import annotations

import torch
from torch import nn


class Checker(nn.Module):
    def __init__(self, n: int) -> None:
        super().__init__()
        self.concept_weights = nn.Parameter(torch.ones(n), requires_grad=False)

    def forward(self, cos_dist: list[float]) -> list[float]:
        scores = []
        adjustment = 0.0
        for concept_idx in range(len(cos_dist)):
            concept_threshold = self.concept_weights[concept_idx].item()
            scores.append(round(cos_dist[concept_idx] - concept_threshold + adjustment, 3))
            if scores[-1] > 0:
                adjustment = 0.01
        return scores


def naive(weights: torch.Tensor, cos_dist: list[float]) -> list[float]:
    checker = Checker(len(weights))
    checker.load_state_dict({"concept_weights": weights})
    return checker(cos_dist)


def inputs() -> list[tuple[torch.Tensor, list[float]]]:
    return [(torch.tensor([0.2, 0.5, 0.1]), [0.3, 0.4, 0.05]),
            (torch.tensor([0.5]).half(), [0.75]),
            (torch.tensor([0.1, 0.2]), []),
            (torch.tensor([0.1, 0.2]), [0.3, 0.4, 0.5])]  # one concept too many: IndexError
