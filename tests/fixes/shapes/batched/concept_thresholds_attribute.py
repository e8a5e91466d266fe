# expect-fix: safe
# max-syncs: 1
"""Scores of each concept against a per-concept threshold the module holds (reduced from
diffusers' Stable Diffusion safety checker): `self.weights[i].item()` of a parameter set in
`__init__` from a tensor argument. Its rank is not known, so the values are not read from
one `self.weights.flatten().tolist()` (weights of several values per concept, where
`.item()` raised, would give values); the model knows `nn.Parameter(weights)` is a tensor,
so each element is stacked as a 0-d view (`.view(())` raises where `.item()` did) and read
in one transfer: safe. Where `__init__` fixes the rank, the whole list is read:
concept_thresholds_fixed_rank.py."""
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
