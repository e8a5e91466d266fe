# expect-fix: unsafe
# max-syncs: 1
# reads-ahead: the weights are listed before the loop, also where it runs no iteration
"""Scores of each concept against a per-concept threshold the module holds (reduced from
diffusers' Stable Diffusion safety checker): `self.weights[i].item()` of a parameter set in
`__init__` from an argument is read from one `weights = self.weights.flatten().tolist()`
(a (n, 1) weight keeps its values). Its rank is not known: weights of several values per
concept, where `.item()` raised, give values (the unsafe reason). Where `__init__` fixes the
rank, the fix is safe: concept_thresholds_fixed_rank.py."""
from __future__ import annotations

import torch
from torch import nn


class Checker(nn.Module):
    def __init__(self, weights: torch.Tensor) -> None:
        super().__init__()
        self.concept_weights = nn.Parameter(weights, requires_grad=False)

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
    return Checker(weights)(cos_dist)


def inputs() -> list[tuple[torch.Tensor, list[float]]]:
    return [(torch.tensor([0.2, 0.5, 0.1]), [0.3, 0.4, 0.05]),
            (torch.tensor([[0.25], [0.75]]), [0.5, 0.5]),
            (torch.tensor([0.5]).half(), [0.75]),
            (torch.tensor([0.1, 0.2]), [])]


def edge_inputs() -> list[tuple[torch.Tensor, list[float]]]:
    return [(torch.tensor([[0.2, 0.4], [0.5, 0.6]]), [0.3, 0.4])]
