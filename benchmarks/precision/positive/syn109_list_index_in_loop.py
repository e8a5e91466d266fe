# expect: SYN109=1
# why: indexing a device tensor with a Python list copies the index to the GPU on each step
import torch


def gather_heads(features: torch.Tensor, steps: int) -> list[torch.Tensor]:
    keep = [0, 3, 7, 11]
    out = []
    for _ in range(steps):
        out.append(features[:, keep].sum(dim=1))
    return out
