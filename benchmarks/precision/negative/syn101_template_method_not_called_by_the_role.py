# expect: none
# targets: SYN101
# why: the subclass's _plain_forward is called by no per-step code: the base's forward calls another method (export, which calls it, runs once)
import torch
from torch import nn


class Representation(nn.Module):
    def _plain_forward(self, indices: torch.Tensor | None = None) -> torch.Tensor:
        raise NotImplementedError

    def _cached(self) -> torch.Tensor:
        return self.table

    def forward(self, indices: torch.Tensor | None = None) -> torch.Tensor:
        return self._cached()

    def export(self) -> torch.Tensor:
        return self._plain_forward()


class RelationalRepresentation(Representation):
    def __init__(self, edges: torch.Tensor, dim: int) -> None:
        super().__init__()
        self.register_buffer("edge_types", edges[:, 1])
        self.register_buffer("table", torch.zeros(dim))

    def _plain_forward(self, indices: torch.Tensor | None = None) -> torch.Tensor:
        n = self.edge_types.max().item() + 1
        return self.table[:n]

