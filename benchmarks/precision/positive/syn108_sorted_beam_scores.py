# expect: SYN108=1
# why: sorted() of device scores: n log n tensor comparisons, each one a GPU sync
import torch


def top_candidates(scores: list[torch.Tensor], k: int) -> list[torch.Tensor]:
    ranked = sorted(scores, reverse=True)
    return ranked[:k]
