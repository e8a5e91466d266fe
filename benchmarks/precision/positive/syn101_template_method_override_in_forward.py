# expect: SYN101=1
# why: the base's forward calls self._plain_forward(); a subclass's override runs in every forward, so its helper's .item() of a buffer is one sync per call
import torch
from torch import nn


class Representation(nn.Module):
    def _plain_forward(self, indices: torch.Tensor | None = None) -> torch.Tensor:
        raise NotImplementedError

    def forward(self, indices: torch.Tensor | None = None) -> torch.Tensor:
        x = self._plain_forward(indices=indices)
        return x if self.normalizer is None else self.normalizer(x)


class RelationalRepresentation(Representation):
    def __init__(self, edges: torch.Tensor, dim: int) -> None:
        super().__init__()
        self.normalizer = None
        self.register_buffer("edge_types", edges[:, 1])
        self.weight = nn.Parameter(torch.zeros(dim))

    def _weights_all(self) -> torch.Tensor:
        total = self.weight
        for r in range(self.edge_types.max().item() + 1):
            total = total + r
        return total

    def _plain_forward(self, indices: torch.Tensor | None = None) -> torch.Tensor:
        x = self._weights_all()
        return x if indices is None else x[indices]
