# expect-fix: none: the value read depends on `index_candidates`, which syncs to compute
"""The step index of each timestep in a schedule (reduced from diffusers' DPM-Solver
inverse scheduler): `.nonzero()` syncs by itself, so a first pass that repeats it in
every guard would sync more than the loop."""
from __future__ import annotations

import torch


def naive(timesteps: torch.Tensor, schedule_timesteps: torch.Tensor) -> list[int]:
    step_indices = []
    for timestep in timesteps:
        index_candidates = (schedule_timesteps == timestep).nonzero()
        if len(index_candidates) == 0:
            step_index = len(schedule_timesteps) - 1
        elif len(index_candidates) > 1:
            step_index = index_candidates[1].item()
        else:
            step_index = index_candidates[0].item()
        step_indices.append(step_index)
    return step_indices


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    return [(torch.tensor([3, 5]), torch.tensor([5, 3, 3, 1]))]
