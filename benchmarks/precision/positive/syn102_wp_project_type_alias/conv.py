# expect: SYN102=4
# why: parameters annotated with the project's type aliases (`OptTensor = Optional[Tensor]`, a `TypeAlias` list, a union of aliases) are tensors, as if the alias were written out
import torch
from torch import Tensor, nn

from graph_typing import MaybePair, OptTensor, PairTensor, TensorList


class RelationalConv(nn.Module):
    def __init__(self, channels: int, num_relations: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.empty(num_relations, channels, channels))

    def forward(self, x: Tensor, edge_index: Tensor, edge_type: OptTensor = None) -> Tensor:
        if edge_type is not None and (edge_type[1:] < edge_type[:-1]).any():
            perm = edge_type.argsort()
            edge_index, edge_type = edge_index[:, perm], edge_type[perm]
        return x @ self.weight[0]


def matched_pairs(pairs: list[PairTensor]) -> int:
    return sum(1 for src, dst in pairs if (src == dst).all())


def count_dead(weights: TensorList) -> int:
    dead = 0
    for w in weights:
        if w.abs().max() == 0:
            dead += 1
    return dead


def positive_outputs(outputs: list[MaybePair]) -> list[int]:
    return [i for i, out in enumerate(outputs) if out[0].sum() > 0]
