# expect: SYN101=2
# why: the attributes `relation_sizes` and `count_pairs` read of their unannotated `kg` are those of `DeviceGraph` (which keeps them on the GPU) in the first, and of two classes in the second, one of them on the GPU: each `.item()` per relation may read a device tensor (look-alike of syn101_duck_typed_host_graph)
from __future__ import annotations

import torch


class DeviceGraph:
    def __init__(self, heads: list, relations: list, n_rel: int) -> None:
        self.n_rel = n_rel
        self.head_idx = torch.tensor(heads, device="cuda")
        self.relations = torch.tensor(relations, device="cuda")


class HostEdges:
    def __init__(self, relations: list, n_rel: int) -> None:
        self.n_rel = n_rel
        self.relations = torch.tensor(relations)


def relation_sizes(kg) -> dict:
    sizes = {}
    for r in range(kg.n_rel):
        sizes[r] = (kg.head_idx[kg.relations == r] >= 0).sum().item()
    return sizes


def count_pairs(kg) -> dict:
    counts = {}
    for r in range(kg.n_rel):
        counts[r] = (kg.relations == r).sum().item()
    return counts
