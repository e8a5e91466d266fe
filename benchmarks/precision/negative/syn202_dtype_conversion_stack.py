# expect: none
# targets: SYN202
# why: per-element dtype casts before a stack are not device moves
import torch


def stacked_fp32(values: list[torch.Tensor]) -> torch.Tensor:
    converted = [v.to(torch.float32) for v in values]
    return torch.stack(converted).mean()
