# expect-fix: safe
# max-syncs: 1
"""The seed's NaN / Inf flags of a concatenation: two bool reads become one transfer."""
from __future__ import annotations

import torch


def naive(parts: list[torch.Tensor]) -> tuple[bool, bool]:
    combined = torch.cat(parts)
    has_nan = torch.isnan(combined).any().item()
    has_inf = torch.isinf(combined).any().item()
    return has_nan, has_inf


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(7)
    return [([torch.randn(3), torch.randn(2)],), ([torch.tensor([float("nan")])],),
            ([torch.tensor([1.0]), torch.tensor([float("-inf")])],), ([torch.empty(0)],)]
