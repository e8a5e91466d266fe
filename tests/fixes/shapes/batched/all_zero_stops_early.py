# expect-fix: none: the loop stops at the first non-zero tensor; the fix would read them all
"""Are all tensors zero? The original stops at the first non-zero one, so a later lazily
initialised (meta) tensor is never read."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor]) -> bool:
    for t in ts:
        if t.count_nonzero() != 0:
            return False
    return True


def inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.ones(2), torch.empty(3, device="meta")],), ([torch.zeros(2)],), ([],)]
