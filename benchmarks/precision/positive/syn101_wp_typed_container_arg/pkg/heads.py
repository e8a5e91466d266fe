# expect: SYN101=1
# why: masks is dict[str, Tensor]; count_true(masks[head]) reads each mask on the host
import torch

from pkg.stats import count_true


def active_per_head(masks: dict[str, torch.Tensor], heads: list[str]) -> dict[str, int]:
    counts = {}
    for head in heads:
        counts[head] = count_true(masks[head])
    return counts
