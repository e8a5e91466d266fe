# expect: SYN101=1, SYN104=1
# why: a sampler that keeps its graph on the GPU and draws its candidates there (device="cuda") reads a GPU count per try: a sync per iteration
import torch
from torch_geometric.sampler import BaseSampler


class GpuNegativeSampler(BaseSampler):
    def __init__(self, node_time: torch.Tensor, num_nodes: int):
        self.node_time = node_time.to("cuda")
        self.num_nodes = num_nodes

    def sample_from_nodes(self, index, **kwargs):
        seed_time = index.time.to("cuda")
        out = torch.randint(self.num_nodes, (index.node.numel(),), device="cuda")
        mask = self.node_time[out] > seed_time
        for _ in range(5):
            num_invalid = int(mask.sum())
            if num_invalid == 0:
                break
            out[mask] = torch.randint(self.num_nodes, (num_invalid,), device="cuda")
        return out
