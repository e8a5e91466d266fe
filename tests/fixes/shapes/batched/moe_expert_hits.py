# expect-fix: safe
# max-syncs: 5
"""A mixture-of-experts dispatch loop (reduced from transformers' LongCat-Flash MoE): the
experts hit are the rows of `nonzero(as_tuple=False)`, a local tensor handed to nothing
else, so the experts the loop calls cannot change it; `int(row.item())` of an int64 row
becomes the loop variable of `expert_hit.flatten().tolist()` (each row holds one value)."""
from __future__ import annotations

import torch


def naive(expert_mask: torch.Tensor, hidden: torch.Tensor, scales: list[float]) -> torch.Tensor:
    out = torch.zeros_like(hidden)
    expert_hit = torch.greater(expert_mask.sum(dim=-1), 0).nonzero(as_tuple=False)
    for expert_idx_tensor in expert_hit:
        expert_idx = int(expert_idx_tensor.item())
        token_idx = torch.where(expert_mask[expert_idx])[0]
        out[token_idx] += hidden[token_idx] * scales[expert_idx]
    return out


def inputs() -> list[tuple[torch.Tensor, torch.Tensor, list[float]]]:
    torch.manual_seed(91)
    return [
        (torch.tensor([[1, 0, 1], [0, 0, 0], [0, 1, 0]]), torch.randn(3, 2), [2.0, 3.0, 0.5]),
        (torch.zeros(2, 4, dtype=torch.long), torch.randn(4, 2), [1.0, 1.0]),
        (torch.ones(1, 2, dtype=torch.long), torch.randn(2, 3).half(), [0.25]),
    ]
