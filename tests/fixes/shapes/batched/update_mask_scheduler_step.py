# expect-fix: unsafe
# reads-ahead: the mask is read once before the loop, also where `start == end`
"""Step only the frames the update mask selects (reduced from diffusers' SkyReels-V2
diffusion forcing): the body calls a scheduler's `.step()`, which the analysis does not
know, so reading the whole mask first is unsafe."""
from __future__ import annotations

import torch


class Scheduler:
    def step(self, x: torch.Tensor) -> torch.Tensor:
        return x * 0.5


def naive(latents: torch.Tensor, update_mask_i: torch.Tensor, start: int, end: int,
          schedulers: list[Scheduler]) -> torch.Tensor:
    for idx in range(start, end):
        if update_mask_i[idx].item():
            latents[idx] = schedulers[idx].step(latents[idx])
    return latents


def inputs() -> list[tuple[torch.Tensor, torch.Tensor, int, int, list[Scheduler]]]:
    torch.manual_seed(76)
    return [(torch.randn(4, 2), torch.tensor([True, False, True, True]), 1, 4,
             [Scheduler() for _ in range(4)]),
            (torch.randn(3, 2), torch.tensor([True, True, True]), 0, 0,
             [Scheduler() for _ in range(3)]),
            (torch.randn(2, 2).half(), torch.tensor([1, 0]), 0, 2, [Scheduler(), Scheduler()])]
