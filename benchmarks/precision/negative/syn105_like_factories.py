# expect: none
# targets: SYN105
# why: *_like factories inherit the device; nothing comes from the host
import torch


def init_moments(params: list[torch.Tensor]) -> list[tuple[torch.Tensor, torch.Tensor]]:
    moments = []
    for p in params:
        moments.append((torch.zeros_like(p), torch.full_like(p, 1e-8)))
    return moments
