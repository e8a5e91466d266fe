# expect-fix: safe
"""Host floats of a list of 0-d tensors, in a list comprehension."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor]) -> list[float]:
    return [t.item() for t in ts]


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(0)
    return [
        ([torch.randn(()) for _ in range(6)],),
        ([],),
        ([torch.tensor(3.5)],),
        ([torch.tensor(float("nan")), torch.tensor(float("inf")), torch.tensor(-0.0)],),
        ([torch.tensor([2.0]), torch.tensor(1e20)],),
        ([torch.tensor(7), torch.tensor(-3)],),
        # One element in strided, expanded and transposed layouts: `.view(())` takes them.
        ([torch.arange(6.0)[::5][:1], torch.tensor(2.0).expand(1, 1), torch.ones(3, 1)[1:2].t()],),
    ]
