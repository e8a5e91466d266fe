# expect: SYN111=1
# why: a cached property of a data object runs once per object, and the data object is built per batch (torchdrug's `PackedProtein.residue2graph`, read by the readout in every forward): its `repeat_interleave` without `output_size=` reads the total on the host once per batch; only a long-lived object's cached property (a module, or a class holding one) is setup code
from functools import cached_property

import torch
from torch import nn


class PackedGraph:
    def __init__(self, num_residues: torch.Tensor, features: torch.Tensor) -> None:
        self.num_residues = num_residues
        self.features = features

    @cached_property
    def residue2graph(self) -> torch.Tensor:
        index = torch.arange(len(self.num_residues), device=self.num_residues.device)
        return index.repeat_interleave(self.num_residues)


class Readout(nn.Module):
    def forward(self, graph: PackedGraph) -> torch.Tensor:
        out = torch.zeros(len(graph.num_residues), graph.features.shape[-1],
                          device=graph.features.device)
        return out.index_add(0, graph.residue2graph, graph.features)
