# expect-fix: unsafe
# max-syncs: 3
"""A denoising loop over (sigma, next sigma, gamma) steps that reads two of them early
and one late in each step (reduced from transformers' ESMFold2 sampler). Their dtypes
are not known, so the fix transfers each of the three columns once."""
from __future__ import annotations

import torch


def denoise(coords: torch.Tensor, noise_level: float) -> torch.Tensor:
    return coords / (1.0 + noise_level)


def naive(coords: torch.Tensor, schedule: torch.Tensor, gammas: torch.Tensor) -> torch.Tensor:
    schedule_steps = list(zip(schedule[:-1], schedule[1:], gammas[1:]))
    for sigma_prev, sigma_next, gamma in schedule_steps:
        sigma_prev_value = sigma_prev.item()
        noise_level_value = sigma_prev_value * (1.0 + gamma.item())
        denoised = denoise(coords, noise_level_value)
        sigma_next_value = sigma_next.item()
        coords = coords + (sigma_next_value - noise_level_value) * (coords - denoised)
    return coords


def inputs() -> list[tuple[torch.Tensor, torch.Tensor, torch.Tensor]]:
    torch.manual_seed(78)
    return [(torch.randn(3), torch.linspace(1.0, 0.0, 5), torch.full((5,), 0.1)),
            (torch.randn(2), torch.tensor([1.0]), torch.tensor([0.0])),
            (torch.randn(2), torch.tensor([1.0, 0.5]), torch.tensor([0.0, 0.25], dtype=torch.float64)),
            (torch.randn(2).half(), torch.tensor([1.0, 0.5]).half(), torch.tensor([0.0, 0.2]).half()),
            (torch.randn(2), torch.tensor([float("inf"), 0.5]), torch.tensor([0.0, float("nan")]))]
