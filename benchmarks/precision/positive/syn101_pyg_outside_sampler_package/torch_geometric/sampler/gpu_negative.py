import torch
from torch import Tensor


def gpu_neg_sample(node_time: Tensor, seed_time: Tensor, num_nodes: int) -> Tensor:
    node_time = node_time.to("cuda")
    out = torch.randint(num_nodes, (seed_time.numel(),), device="cuda")
    mask = node_time[out] > seed_time.to("cuda")
    for _ in range(5):
        num_invalid = int(mask.sum())
        if num_invalid == 0:
            break
        out[mask] = torch.randint(num_nodes, (num_invalid,), device="cuda")
        mask = node_time[out] > seed_time.to("cuda")
    return out
