# expect: SYN102=1, SYN101=1
# why: the same transform module, but a model also applies it to its GPU batch in forward: its test and int() sync on every step
from __future__ import annotations

import torch
from torch import nn


class Transform(nn.Module):
    def forward(self, inputs: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        raise NotImplementedError


class NeighborList(Transform):
    def __init__(self, cutoff: float):
        super().__init__()
        self.cutoff = cutoff

    def forward(self, inputs: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        if torch.all(inputs["pbc"] == 0):
            inputs["offsets"] = torch.zeros(0, 3, device=inputs["R"].device)
        n_atoms = int(inputs["n_atoms"].sum())
        inputs["idx"] = torch.arange(n_atoms, device=inputs["R"].device)
        return inputs
