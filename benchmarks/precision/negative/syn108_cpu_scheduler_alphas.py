# expect: none
# targets: SYN108
# why: diffusers' IPNDM scheduler: `self.alphas` is built on the CPU (torch.linspace without device=), so `max(alpha, 1e-8)` compares a host tensor
import math

import torch


class IPNDMScheduler:
    def set_timesteps(self, num_inference_steps: int, device: str | torch.device | None = None):
        steps = torch.linspace(1, 0, num_inference_steps + 1)[:-1]
        steps = torch.cat([steps, torch.tensor([0.0])])
        self.betas = torch.sin(steps * math.pi / 2) ** 2
        self.alphas = (1.0 - self.betas**2) ** 0.5
        timesteps = (torch.atan2(self.betas, self.alphas) / math.pi * 2)[:-1]
        self.timesteps = timesteps.to(device)

    def _get_prev_sample(self, sample: torch.Tensor, timestep_index: int,
                         prev_timestep_index: int, ets: torch.Tensor) -> torch.Tensor:
        alpha = self.alphas[timestep_index]
        sigma = self.betas[timestep_index]
        next_alpha = self.alphas[prev_timestep_index]
        next_sigma = self.betas[prev_timestep_index]
        pred = (sample - sigma * ets) / max(alpha, 1e-8)
        return next_alpha * pred + ets * next_sigma
