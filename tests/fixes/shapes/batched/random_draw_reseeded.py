# expect-fix: none: the value read, `t + torch.rand(())`, calls something that may have effects
"""A value read that draws a random number, with the generator reseeded per element (a
noisy-evaluation loop): a first pass would draw every number before any reseeding, so
each element would get another draw than the loop gives it."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor]) -> list[float]:
    out = []
    for t in ts:
        torch.manual_seed(0)
        out.append((t + torch.rand(())).item())
    return out


def inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.tensor(1.0), torch.tensor(2.0)],), ([],)]
