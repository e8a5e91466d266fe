# expect: none
# targets: SYN104
# why: torch.where(mask, a, b) keeps the shape fixed: no sync
import torch


def clipped_values(values: list[torch.Tensor], old_values: list[torch.Tensor], clip: float):
    out = []
    for v, old in zip(values, old_values):
        delta = v - old
        out.append(torch.where(delta.abs() > clip, old + delta.clamp(-clip, clip), v))
    return out
