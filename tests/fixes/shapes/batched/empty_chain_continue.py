# expect-fix: safe
"""Skip chains with no unmasked residue (reduced from transformers' ESMFold2 confidence
head): the tested tensor is defined in the body, so the fix computes it again (in
transformers the fix is unsafe only because the body calls unknown functions)."""
from __future__ import annotations

import torch


def naive(asym: torch.Tensor, mask: torch.Tensor, num_chains: int) -> list[torch.Tensor]:
    out = []
    for chain_i in range(num_chains):
        chain_c1 = (asym == chain_i).float() * mask
        if chain_c1.sum() == 0:
            continue
        out.append(chain_c1.unsqueeze(-2) * 2)
    return out


def inputs() -> list[tuple[torch.Tensor, torch.Tensor, int]]:
    return [(torch.tensor([0, 0, 2]), torch.tensor([1.0, 0.0, 1.0]), 3),
            (torch.tensor([0]), torch.tensor([0.0]), 1), (torch.tensor([0, 1]), torch.ones(2), 0),
            (torch.tensor([1, 1]), torch.tensor([float("nan"), 1.0]), 2),
            (torch.tensor([0, 1]), torch.tensor([1.0, 0.0]).half(), 2),
            (torch.tensor([0, 1]), torch.tensor([1, 0]), 2), (torch.empty(0, dtype=torch.long), torch.empty(0), 2)]
