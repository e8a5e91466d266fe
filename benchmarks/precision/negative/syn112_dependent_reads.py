# expect: none
# targets: SYN112
# why: the second read needs the first read's value (a host int): they cannot be merged
import torch


def mean_of_valid(values: torch.Tensor, valid: torch.Tensor) -> float:
    n = int(valid.sum())
    if n == 0:
        return 0.0
    return values.sum().item() / n
