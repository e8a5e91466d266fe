# expect: none
# targets: SYN101
# why: the scores are copied to the host first; sort() and topk() of a host tensor, and zip(*...) of their results, give host values: .item() reads no device
from __future__ import annotations

import torch


def update_best_result(score: torch.Tensor, best: list[tuple[float, int]]) -> None:
    score = score.cpu()
    for s, i in zip(*score.sort(descending=True)):
        best.append((s.item(), i.item()))


def top_scores(score: torch.Tensor, k: int) -> list[int]:
    score = score.detach().cpu()
    values, indices = score.topk(k)
    picked = []
    for v, i in zip(values, indices):
        if v.item() > 0:
            picked.append(i.item())
    return picked
