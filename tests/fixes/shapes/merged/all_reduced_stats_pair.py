# expect-fix: safe
"""Two statistics all-reduced as one stacked tensor, then read as numbers (reduced from
k-diffusion's gradient noise scale): `stats[0].item(), stats[1].item()` of a tensor the code
stacks read from one `stats.reshape(len(stats)).tolist()` (a (2, 1) stack keeps its values;
statistics of several values each raise, as `.item()` did, where `.flatten()` returned
`stats[0, 1]` as the second)."""
from __future__ import annotations

import torch


def all_reduce(stats: torch.Tensor) -> None:
    """Stands for `torch.distributed.all_reduce(stats, op=AVG)` on one process: in place."""
    stats.mul_(1)


def naive(small: torch.Tensor, large: torch.Tensor) -> tuple[float, float]:
    stats = torch.stack([small, large])
    all_reduce(stats)
    return stats[0].item(), stats[1].item()


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    return [(torch.tensor(2.5), torch.tensor(4.0)),
            (torch.tensor([1.5]), torch.tensor([0.25])),
            (torch.tensor(3), torch.tensor(7)),
            (torch.tensor(float("nan")), torch.tensor(float("inf"))),
            (torch.tensor(0.1).half(), torch.tensor(2.0).half())]


def edge_inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    return [(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]))]
