# expect: none
# targets: SYN101
# why: a module built as Scorer().cuda().eval() is still a Scorer (.cuda() and .eval() of a module return the module itself), so its only caller's host tensors reach score() as they do for a plain Scorer()
from __future__ import annotations

import torch
from torch import nn


class Scorer(nn.Module):
    def score(self, lengths: torch.Tensor) -> list[int]:
        return [int(lengths[i].item()) for i in range(len(lengths))]


def score_all(batches: list[list[int]]) -> None:
    scorer = Scorer().cuda().eval()
    for batch in batches:
        scorer.score(torch.tensor(batch))
