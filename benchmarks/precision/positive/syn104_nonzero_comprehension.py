# expect: SYN104=1
# why: torch.nonzero inside a list comprehension over masks
import torch


def active_positions(masks: list[torch.Tensor]) -> list[torch.Tensor]:
    return [torch.nonzero(m).squeeze(1) for m in masks]
