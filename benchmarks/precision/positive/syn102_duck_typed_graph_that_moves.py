# expect: SYN102=1
# why: `graph` is unannotated and only `PackedGraph` has `num_nodes`, `node2graph` and `batch_size`; the class builds them on the host, but it moves its tensors (`graph.cuda()`), so in a layer's `forward` the assert tests a GPU tensor on every call (torchdrug's `InstanceNorm`, fresh10 M3; look-alike of syn101_duck_typed_host_graph)
import torch
from torch import nn


class PackedGraph:
    def __init__(self, num_nodes: list) -> None:
        self.num_nodes = torch.tensor(num_nodes)
        self.node2graph = torch.repeat_interleave(torch.arange(len(num_nodes)), self.num_nodes)
        self.batch_size = len(num_nodes)

    def cuda(self) -> "PackedGraph":
        moved = PackedGraph([])
        moved.num_nodes = self.num_nodes.cuda()
        moved.node2graph = self.node2graph.cuda()
        moved.batch_size = self.batch_size
        return moved


class InstanceNorm(nn.Module):
    def forward(self, graph, input: torch.Tensor) -> torch.Tensor:
        assert (graph.num_nodes >= 1).all()
        mean = torch.zeros(graph.batch_size, input.shape[-1], device=input.device)
        mean.index_add_(0, graph.node2graph, input)
        return input - mean[graph.node2graph]
