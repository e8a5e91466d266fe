# expect-fix: safe
# max-syncs: 3
"""`xs[i].item()` by index: `xs` is annotated a tensor but is a list of tensors of several
dtypes here, so the values do not share one dtype (an int64 beyond 2**53 next to a float)."""
from __future__ import annotations

import torch


def naive(xs: torch.Tensor, n: int) -> list[object]:
    out = []
    for i in range(n):
        out.append(xs[i].item())
    return out


def inputs() -> list[tuple[object, int]]:
    torch.manual_seed(43)
    return [
        (torch.randn(5), 5),
        (torch.arange(4), 0),
        (torch.tensor([2**53 + 1, 3]), 2),
        ([torch.tensor(2**53 + 1), torch.tensor(0.5), torch.tensor(True)], 3),
        ([torch.tensor(1.0).half(), torch.tensor(7, dtype=torch.int32)], 2),
    ]
