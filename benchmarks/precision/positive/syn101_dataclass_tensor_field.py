# expect: SYN101=1
# why: the same dataclass's `coords: torch.Tensor` field, read per row with `.item()`: a tensor field may live on the GPU (the annotation says so), one sync per row
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch


@dataclass(frozen=True)
class Structure:
    atoms: np.ndarray
    coords: torch.Tensor


def first_coords(structure: Structure) -> list:
    return [row[0].item() for row in structure.coords]
