# expect: none
# targets: SYN104
# why: nonzero_static has a fixed output size
import torch


def first_k_active(masks: list[torch.Tensor], k: int) -> list[torch.Tensor]:
    out = []
    for m in masks:
        out.append(torch.nonzero_static(m, size=k, fill_value=-1))
    return out
