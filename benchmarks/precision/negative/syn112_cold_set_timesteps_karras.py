# expect: none
# targets: SYN101, SYN112
# why: set_timesteps runs once per pipeline call, and _convert_to_karras is only called from it: two reads of a small CPU array, not per denoising step (diffusers DPMSolverSDE)
import numpy as np
import torch


class DPMSolverSDEScheduler:
    def __init__(self, sigma_min: float = 0.03, sigma_max: float = 14.6):
        self.sigma_min = sigma_min
        self.sigma_max = sigma_max

    def set_timesteps(self, num_inference_steps: int, device=None):
        sigmas = torch.linspace(self.sigma_max, self.sigma_min, num_inference_steps)
        sigmas = self._convert_to_karras(in_sigmas=sigmas, num_inference_steps=num_inference_steps)
        self.sigmas = sigmas.to(device)
        self.timesteps = torch.stack([self._sigma_to_t(s) for s in self.sigmas])

    def _sigma_to_t(self, sigma):
        return sigma.log() * 0.25

    def _convert_to_karras(self, in_sigmas: torch.Tensor, num_inference_steps: int) -> torch.Tensor:
        sigma_min: float = in_sigmas[-1].item()
        sigma_max: float = in_sigmas[0].item()
        rho = 7.0
        ramp = np.linspace(0, 1, num_inference_steps)
        min_inv_rho = sigma_min ** (1 / rho)
        max_inv_rho = sigma_max ** (1 / rho)
        return torch.from_numpy((max_inv_rho + ramp * (min_inv_rho - max_inv_rho)) ** rho)
