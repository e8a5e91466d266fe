# expect-fix: none: the loop stops early; the fix would read elements it never reaches
"""Stop at the first large norm: the fix would compute norms the loop never reaches,
and `.norm()` raises on integer tensors."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor], limit: float) -> int:
    count = 0
    for t in ts:
        if t.norm().item() > limit:
            break
        count += 1
    return count


def inputs() -> list[tuple[list[torch.Tensor], float]]:
    torch.manual_seed(13)
    return [([torch.randn(4) * s for s in (1, 2, 50, 3)], 10.0), ([], 1.0),
            ([torch.ones(2) * 1e20], 1.0)]
