# expect: SYN104>=1
# why: `compute_frame_pred` runs in a torch.compile'd module's forward, so it is per-step; its `inference` flag defaults to False, but its only call passes inference=True: the masked read runs on every call (fresh13's boltz confidence module), not "only with `inference=True`"
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
    return compute_frame_pred(coords, mask, inference=True)


class ConfidenceModule(nn.Module):
    def forward(self, coords: torch.Tensor, mask: torch.Tensor) -> list:
        return compute_ptms(coords, mask)


class Model(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.confidence_module = torch.compile(ConfidenceModule())

    def forward(self, coords: torch.Tensor, mask: torch.Tensor) -> list:
        return self.confidence_module(coords, mask)
