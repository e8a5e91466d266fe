# expect: none
# targets: SYN101, SYN109
# why: a torch_geometric sampler runs in the loader's workers (its collate_fn) on the host graph: its masks and counts are CPU tensors
import torch
from torch_geometric.sampler import BaseSampler, SamplerOutput


class TemporalNegativeSampler(BaseSampler):
    def __init__(self, node_time: torch.Tensor, num_nodes: int):
        self.node_time = node_time
        self.num_nodes = num_nodes

    def sample_from_nodes(self, index, **kwargs):
        seed, seed_time = index.node, index.time
        out = torch.randint(self.num_nodes, (seed.numel(),))
        mask = self.node_time[out] > seed_time
        for _ in range(5):
            num_invalid = int(mask.sum())
            if num_invalid == 0:
                break
            out[mask] = tmp = torch.randint(self.num_nodes, (num_invalid,))
            mask[mask.clone()] = self.node_time[tmp] > seed_time[mask]
        return SamplerOutput(node=out, row=seed, col=seed, edge=None)
