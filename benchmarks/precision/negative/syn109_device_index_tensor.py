# expect: none
# targets: SYN109
# why: the index is a device tensor built once: no copy and no sync per step
import torch


def gather_heads(features: torch.Tensor, steps: int) -> list[torch.Tensor]:
    keep = torch.tensor([0, 3, 7, 11], device=features.device)
    out = []
    for _ in range(steps):
        out.append(features.index_select(1, keep).sum(dim=1))
    return out
