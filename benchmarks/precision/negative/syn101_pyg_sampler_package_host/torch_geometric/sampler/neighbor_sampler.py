# expect: none
# targets: SYN101, SYN104, SYN109
# why: torch_geometric's sampler and distributed packages work on the host graph (the loader's workers, the RPC sampler, offline partitioning): their module functions, not only BaseSampler's methods, read CPU tensors (fifth draw #22, #63, #84)
import math

import torch
from torch import Tensor


def neg_sample(seed: Tensor, amount: float, num_nodes: int, seed_time: Tensor,
               node_time: Tensor) -> Tensor:
    num_samples = math.ceil(amount)
    seed_time = seed_time.view(1, -1).expand(num_samples, -1)
    out = torch.randint(num_nodes, (num_samples * seed.numel(),)).view(num_samples, -1)
    mask = node_time[out] > seed_time
    complete = False
    for _ in range(5):
        num_invalid = int(mask.sum())
        if num_invalid == 0:
            complete = True
            break
        out[mask] = tmp = torch.randint(num_nodes, (num_invalid,))
        mask[mask.clone()] = node_time[tmp] >= seed_time[mask]
    if not complete:
        out[mask] = node_time.argmin()
    return out.view(-1)
