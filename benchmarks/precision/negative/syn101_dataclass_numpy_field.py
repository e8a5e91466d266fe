# expect: none
# targets: SYN101
# why: `atoms: np.ndarray` is a field of a project dataclass: `structure.atoms` is a NumPy (record) array, as a parameter so annotated is, and `.item()` of its rows reads host memory (fresh13's boltz mmCIF writer)
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch


@dataclass(frozen=True)
class Structure:
    atoms: np.ndarray
    coords: torch.Tensor


def elements(structure: Structure) -> list:
    return [atom["element"].item() for atom in structure.atoms]


def masses(structure: Structure, table: dict) -> float:
    total = 0.0
    for atom in structure.atoms:
        total += table[atom["element"].item()]
    return total
