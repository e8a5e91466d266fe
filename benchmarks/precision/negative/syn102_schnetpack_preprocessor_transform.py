# expect: none
# targets: SYN102, SYN104, SYN101, SYN111
# why: schnetpack's preprocessing transforms (neighbour lists and their filters, is_postprocessor=False) run on one host sample: in the dataset, in AtomsConverter before .to(device), in NeighborListMD after .cpu()
from typing import Dict

import torch
from schnetpack import properties
from schnetpack.transform import FilterNeighbors, NeighborListTransform


class BruteForceNeighborList(NeighborListTransform):
    def _build_neighbor_list(self, Z, positions, cell, pbc, cutoff):
        if torch.any(pbc):
            raise ValueError("periodic systems need a periodic neighbour list")
        dist = torch.cdist(positions, positions)
        pairs = torch.nonzero((dist < cutoff) & (dist > 0))
        offsets = torch.zeros(pairs.shape[0], 3, dtype=positions.dtype)
        return pairs[:, 0], pairs[:, 1], offsets


class DropFrozenAtoms(FilterNeighbors):
    def forward(self, inputs: Dict[str, torch.Tensor]) -> Dict[str, torch.Tensor]:
        frozen = set(inputs["frozen"].tolist())
        keep = [k for k in range(inputs[properties.idx_i].shape[0])
                if inputs[properties.idx_i][k].item() not in frozen]
        inputs[properties.idx_i] = inputs[properties.idx_i][keep]
        inputs[properties.idx_j] = inputs[properties.idx_j][keep]
        return inputs
