# expect: none
# targets: SYN101
# why: a method of a class defined inside a function sees that function's names (a class body is no scope of its methods): `structure.atoms` there is the `np.ndarray` field of the parameter `structure: Structure`, and `.item()` of its rows reads host memory (fresh13's boltz mmCIF writer, `_MyModel.get_atoms` inside `to_mmcif`)
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch


@dataclass(frozen=True)
class Structure:
    atoms: np.ndarray
    coords: torch.Tensor


def to_text(structure: Structure) -> str:
    class _Model:
        def get_atoms(self) -> list:
            out = []
            for atom in structure.atoms:
                out.append(atom["element"].item())
            return out

    return str(_Model().get_atoms())
