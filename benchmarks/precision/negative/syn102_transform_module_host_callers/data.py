from __future__ import annotations

import numpy as np
import torch

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


class AtomsConverter:
    def __init__(self, transforms: list[Transform], device: str = "cuda"):
        self.transforms = transforms
        self.device = device

    def __call__(self, positions: np.ndarray) -> dict[str, torch.Tensor]:
        inputs = {
            "R": torch.from_numpy(positions),
            "pbc": torch.zeros(3, dtype=torch.long),
            "n_atoms": torch.tensor([positions.shape[0]]),
        }
        for t in self.transforms:
            inputs = t(inputs)
        return {k: v.to(self.device) for k, v in inputs.items()}
