# expect-fix: unsafe
# max-syncs: 1
# reads-ahead: the sigmas are listed before the loop, also where it runs no step
"""A denoising loop that reads the scheduler's sigmas by index (reduced from diffusers'
LTX long multi-prompt pipeline, `sigmas_current = self.scheduler.sigmas.to(device=...)`,
and the SANA-WM refiner, `sigmas_t = ... .to(device=device, dtype=torch.float32)`). Where
nothing converts, `.to()` returns the scheduler's own tensor, and the loop calls the
scheduler's `step()`: the list read before the loop would miss a change `step()` makes to
the sigmas in place (the edge input's scheduler does). The body also writes an attribute
of the pipeline that the loop's `interrupt` condition reads: the list form evaluates that
condition where it stands, so that is not a reason."""
from __future__ import annotations

import torch


class Scheduler:
    def __init__(self, sigmas: torch.Tensor, damp_in_place: bool) -> None:
        self.sigmas = sigmas
        self.damp_in_place = damp_in_place

    def step(self, latents: torch.Tensor, sigma: float) -> torch.Tensor:
        if self.damp_in_place:
            self.sigmas.mul_(0.5)  # a schedule that adapts itself as it goes
        return latents * (1.0 - sigma)


class Pipeline:
    def __init__(self, scheduler: Scheduler) -> None:
        self.scheduler = scheduler
        self._interrupt = False
        self._current_timestep: int | None = None

    @property
    def interrupt(self) -> bool:
        return self._interrupt

    def denoise(self, latents: torch.Tensor, steps: int) -> tuple[torch.Tensor, list[float]]:
        sigmas_current = self.scheduler.sigmas.to(device=latents.device)
        seen = []
        for i in range(steps):
            if self.interrupt:
                break
            sigma_val = float(sigmas_current[i].item())
            self._current_timestep = i
            seen.append(sigma_val)
            latents = self.scheduler.step(latents, sigma_val)
        return latents, seen


def naive(sigmas: torch.Tensor, damp: bool, steps: int) -> tuple[torch.Tensor, list[float]]:
    return Pipeline(Scheduler(sigmas, damp)).denoise(torch.ones(3), steps)


def inputs() -> list[tuple[torch.Tensor, bool, int]]:
    return [(torch.tensor([1.0, 0.5, 0.25, 0.0]), False, 3),
            (torch.tensor([0.8, 0.4]), False, 2),
            (torch.tensor([0.8, 0.4]), False, 0)]


def edge_inputs() -> list[tuple[torch.Tensor, bool, int]]:
    return [(torch.tensor([1.0, 0.5, 0.25, 0.0]), True, 3)]
