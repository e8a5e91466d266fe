# expect: none
# targets: SYN102, SYN101, SYN104
# why: a data transform module every project caller gives host tensors: a dataset's __getitem__ and a converter that moves the result to the device afterwards
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
        positions = inputs["R"]
        if torch.all(inputs["pbc"] == 0):
            inputs["offsets"] = torch.zeros(0, 3)
        n_atoms = int(inputs["n_atoms"].sum())
        dist = torch.cdist(positions, positions)
        pairs = torch.nonzero(dist[:n_atoms, :n_atoms] < self.cutoff)
        inputs["idx_i"], inputs["idx_j"] = pairs[:, 0], pairs[:, 1]
        return inputs


class FilterNeighbors(Transform):
    def forward(self, inputs: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        keep = inputs["idx_i"] != inputs["idx_j"]
        inputs["idx_i"] = inputs["idx_i"][keep]
        inputs["idx_j"] = inputs["idx_j"][keep]
        return inputs
