# expect: none
# targets: SYN101, SYN102
# why: project type aliases of host values (`Size = Optional[Tuple[int, int]]`, edge types of strings, counts) and unions with a non-tensor (`Union[Tensor, np.ndarray]`, `Union[Tensor, SparseTensor]`) are not tensors: nothing here reads a device value
from torch import Tensor, nn

from graph_typing import Adj, EdgeType, FeatureArray, NodeCounts, Size, SparseTensor


class HeteroConv(nn.Module):
    def forward(self, x: Tensor, edge_index: Adj, edge_types: list[EdgeType],
                size: Size = None) -> Tensor:
        if size:
            rows = int(size[0])
        for src, rel, dst in edge_types:
            if rel and src != dst:
                x = x + 1
        if isinstance(edge_index, SparseTensor) and edge_index.nnz() > 0:
            x = x * 2
        return x


def summarise(counts: NodeCounts, features: list[FeatureArray]) -> list[float]:
    totals = [float(counts[name]) for name in counts]
    return totals + [float(f.sum()) for f in features]
