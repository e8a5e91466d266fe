from __future__ import annotations

import numpy as np
import torch
from torch import nn

from transforms import Transform


class AtomsDataset(torch.utils.data.Dataset):
    def __init__(self, positions: list[np.ndarray], transforms: list[Transform]):
        self.positions = positions
        self.transforms = transforms

    def __len__(self) -> int:
        return len(self.positions)

    def __getitem__(self, idx: int) -> dict[str, torch.Tensor]:
        inputs = {
            "R": torch.from_numpy(self.positions[idx]),
            "pbc": torch.tensor([0, 0, 0]),
            "n_atoms": torch.tensor([len(self.positions[idx])]),
        }
        for t in self.transforms:
            inputs = t(inputs)
        return inputs


class AtomisticModel(nn.Module):
    def __init__(self, representation: nn.Module, input_modules: list[Transform]):
        super().__init__()
        self.representation = representation
        self.input_modules = input_modules

    def forward(self, inputs: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        for m in self.input_modules:
            inputs = m(inputs)
        inputs["y"] = self.representation(inputs["R"])
        return inputs


def train(model: AtomisticModel, loader: torch.utils.data.DataLoader, steps: int) -> None:
    model.cuda()
    opt = torch.optim.Adam(model.parameters())
    for batch in loader:
        batch = {k: v.cuda() for k, v in batch.items()}
        loss = model(batch)["y"].sum()
        loss.backward()
        opt.step()
        opt.zero_grad()
