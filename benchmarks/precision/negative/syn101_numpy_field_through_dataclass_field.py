# expect: none
# targets: SYN101, SYN102
# why: `data.structure.residues` reads a field annotated `np.ndarray` of a field annotated with a project dataclass (`structure: Structure`, `record: Optional["Structure"]`, `msa: dict[str, MSA]`): NumPy record arrays all the way, as parameters so annotated are, and `.item()` of their rows or of a NumPy sum reads host memory (fresh13's boltz MSA pairing, featurizerv2.py `construct_paired_msa`)
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np
import torch


@dataclass(frozen=True)
class Structure:
    residues: np.ndarray
    coords: torch.Tensor


@dataclass(frozen=True)
class MSA:
    residues: np.ndarray


@dataclass
class Tokenized:
    tokens: np.ndarray
    structure: Structure
    msa: dict[str, MSA]
    record: Optional["Structure"] = None


def pair(data: Tokenized, chains: list[str]) -> int:
    n = 0
    for chain in chains:
        residues = data.structure.residues[0:5]
        first = data.msa[chain].residues[0:5]
        mismatches = residues["res_type"] != first["res_type"]
        if mismatches.sum().item():
            n += 1
    for r in data.record.residues:
        n += r["res_type"].item()
    return n
