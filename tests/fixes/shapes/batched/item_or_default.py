# expect-fix: safe
# max-syncs: 5
"""`t.item() or default`: the read's value is the result where it is true, so it is not
a truth test (an int64 count must come back as an int, not a float or a bool)."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor], default: float) -> list[object]:
    out = []
    for t in ts:
        out.append(t.item() or default)
    return out


def inputs() -> list[tuple[list[torch.Tensor], float]]:
    torch.manual_seed(42)
    return [
        ([torch.randn(()) for _ in range(4)] + [torch.tensor(0.0)], -1.0),
        ([], 2.0),
        ([torch.tensor(0)], 0.5),
        ([torch.tensor(2**53 + 1), torch.tensor(True), torch.tensor(False), torch.tensor(2.5),
          torch.tensor(float("nan"))], 9.0),
        ([torch.tensor(3, dtype=torch.int32), torch.tensor(0.25).half()], 1.0),
    ]
