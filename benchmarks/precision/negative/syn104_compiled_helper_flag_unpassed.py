# expect: none
# targets: SYN104
# why: the same compiled helper, but no project call passes `inference`: it keeps its default False, so the masked read is opt-in ("only with `inference=True`"), hidden by default
from __future__ import annotations

import torch
from torch import nn


def compute_frame_pred(coords: torch.Tensor, mask: torch.Tensor, inference: bool = False) -> list:
    out = []
    for i in range(coords.shape[0]):
        if inference:
            out.append(coords[i][mask[i].bool()].sum())
        else:
            out.append(coords[i].sum())
    return out


def compute_ptms(coords: torch.Tensor, mask: torch.Tensor) -> list:
    return compute_frame_pred(coords, mask)


class ConfidenceModule(nn.Module):
    def forward(self, coords: torch.Tensor, mask: torch.Tensor) -> list:
        return compute_ptms(coords, mask)


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.confidence_module = torch.compile(ConfidenceModule())

    def forward(self, coords: torch.Tensor, mask: torch.Tensor) -> list:
        return self.confidence_module(coords, mask)
