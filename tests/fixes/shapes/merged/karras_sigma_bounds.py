# expect-fix: none: the dtypes are not known: one stack of an int and a float would turn the int into a float
"""The first and last sigma of a schedule as annotated floats (reduced from diffusers'
DPM-Solver SDE and LMS schedulers' `_convert_to_karras`)."""
from __future__ import annotations

import numpy as np
import torch


def naive(in_sigmas: torch.Tensor, num_inference_steps: int) -> list[float]:
    sigma_min: float = in_sigmas[-1].item()
    sigma_max: float = in_sigmas[0].item()
    rho = 7.0
    ramp = np.linspace(0, 1, num_inference_steps)
    min_inv_rho = sigma_min ** (1 / rho)
    max_inv_rho = sigma_max ** (1 / rho)
    return ((max_inv_rho + ramp * (min_inv_rho - max_inv_rho)) ** rho).tolist()


def inputs() -> list[tuple[torch.Tensor, int]]:
    return [(torch.linspace(14.6, 0.03, 10), 5), (torch.tensor([1.0]), 3),
            (torch.linspace(14.6, 0.03, 10, dtype=torch.float64), 4),
            (torch.linspace(14.6, 0.03, 10).half(), 4)]


def edge_inputs() -> list[tuple[torch.Tensor, int]]:
    return [(torch.empty(0), 3), (torch.tensor([[2.0, 1.0]]), 3)]
