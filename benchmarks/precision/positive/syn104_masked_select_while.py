# expect: SYN104=1
# why: Tensor.masked_select inside a while loop over pruning rounds
import torch


def prune_rounds(weights: torch.Tensor, threshold: float, rounds: int) -> list[torch.Tensor]:
    survivors = []
    r = 0
    while r < rounds:
        keep = weights.abs() > threshold * (r + 1)
        survivors.append(weights.masked_select(keep))
        r += 1
    return survivors
