# expect: SYN101=4
# why: the same loops over sort() and topk() results of scores left on the device: each .item() syncs on every iteration
from __future__ import annotations

import torch


def update_best_result(score: torch.Tensor, best: list[tuple[float, int]]) -> None:
    score = score.detach()
    for s, i in zip(*score.sort(descending=True)):
        best.append((s.item(), i.item()))


def top_scores(score: torch.Tensor, k: int) -> list[int]:
    values, indices = score.topk(k)
    picked = []
    for v, i in zip(values, indices):
        if v.item() > 0:
            picked.append(i.item())
    return picked
