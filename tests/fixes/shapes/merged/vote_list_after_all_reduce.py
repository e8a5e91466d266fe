# expect-fix: safe
# max-syncs: 1
"""diffusers' SeaCache `_synchronize_compute_decision`: the votes are a tensor the function
makes (here the MAX of this rank's votes and another's, which the all-reduce computes in
place), then read three times, the second vote only when the first holds.
One `votes.tolist()` reads all three: the second vote is still taken only when the first
holds. Only `bool` runs between the reads, so the fix is safe."""
from __future__ import annotations

import torch


def naive(should_compute: bool, other: torch.Tensor) -> tuple[bool, bool]:
    local = torch.tensor([int(should_compute), int(not should_compute)], dtype=torch.int32,
                         device=other.device)
    votes = torch.stack([local, other]).amax(dim=0)  # the all-reduce's MAX over two ranks
    return bool(votes[0].item()), bool(votes[0].item() and votes[1].item())


def inputs() -> list[tuple[bool, torch.Tensor]]:
    agree, skip = torch.tensor([1, 0], dtype=torch.int32), torch.tensor([0, 1], dtype=torch.int32)
    return [(True, agree), (False, skip), (True, skip), (False, agree),
            (False, torch.tensor([0, 0], dtype=torch.int32))]


def edge_inputs() -> list[tuple[bool, torch.Tensor]]:
    # Another rank's tensor of one vote or of three: both versions raise alike.
    return [(True, torch.tensor([1], dtype=torch.int32)),
            (True, torch.tensor([1, 1, 1], dtype=torch.int32))]
