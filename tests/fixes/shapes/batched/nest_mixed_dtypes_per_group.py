# expect-fix: safe
# max-syncs: 4
"""Per group of a batch's statistics, each value as a Python number: int64 counts, bool
flags and float losses in one nest. Values of one dtype and device come back in one
transfer for the whole nest; values of several dtypes are read one by one, as the loop did:
`16777217` stays an int, `False` a bool."""
from __future__ import annotations

import torch


def naive(groups: list[list[torch.Tensor]]) -> list[list[float | int | bool]]:
    out = []
    for group in groups:
        row = []
        for t in group:
            row.append(t.item())
        out.append(row)
    return out


def inputs() -> list[tuple[list[list[torch.Tensor]]]]:
    torch.manual_seed(7)
    return [([[torch.tensor(16777217), torch.tensor(False)], [torch.rand(())]],),
            ([],), ([[], []],), ([[torch.tensor(3)]],),
            ([[torch.tensor(float("nan")), torch.tensor(float("inf"))],
              [torch.tensor(-1.5, dtype=torch.float16), torch.tensor(2, dtype=torch.int32)]],),
            ([[torch.tensor(2.0, dtype=torch.float64), torch.tensor(True)]],),
            ([[torch.tensor(16777217), torch.tensor(-2)], [torch.tensor(5)]],)]
