# expect-fix: safe
"""`.item()` read only for its truth, over tensors of any dtype: a float8 or uint16 value
cannot be stacked next to other dtypes, so the fix must read the truth as a bool."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor]) -> list[int]:
    picked = []
    for i, t in enumerate(ts):
        if t.item():
            picked.append(i)
        if not ts[i].item():
            picked.append(-i)
    return picked


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(41)
    return [
        ([torch.randn(()) for _ in range(5)] + [torch.tensor(0.0)],),
        ([],),
        ([torch.tensor(1)],),
        ([torch.tensor(float("nan")), torch.tensor(-0.0), torch.tensor(float("inf"))],),
        ([torch.tensor(0, dtype=torch.uint16), torch.tensor(3), torch.tensor(False),
          torch.tensor(0.5).half(), torch.tensor(1j), torch.tensor([2.0])],),
        ([torch.tensor(1.0).to(torch.float8_e4m3fn), torch.tensor(0.0).to(torch.float8_e4m3fn),
          torch.tensor(2.5), torch.tensor(7, dtype=torch.uint32)],),
    ]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.tensor([1.0, 2.0])],), ([torch.tensor(1.0), torch.zeros(2)],)]
