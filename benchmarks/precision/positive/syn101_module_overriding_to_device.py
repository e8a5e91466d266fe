# expect: SYN101=1
# why: a module whose own .to() returns something else (a wrapper) is not known to be the class after .to(): its method's annotated parameter stays maybe-device, and the read in the comprehension syncs per item
from __future__ import annotations

import torch
from torch import nn


class Wrapped(nn.Module):
    def to(self, *args, **kwargs):  # type: ignore[override]
        return Moved(super().to(*args, **kwargs))

    def score(self, lengths: torch.Tensor) -> list[int]:
        return [int(lengths[i].item()) for i in range(len(lengths))]


class Moved:
    def __init__(self, inner: Wrapped) -> None:
        self.inner = inner

    def score(self, lengths) -> list[int]:
        return self.inner.score(lengths)


def score_all(batches: list[list[int]]) -> None:
    scorer = Wrapped().to("cuda")
    for batch in batches:
        scorer.score(torch.tensor(batch))
