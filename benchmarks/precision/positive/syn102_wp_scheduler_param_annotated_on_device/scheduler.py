import numpy as np
import torch


class DPMSolverScheduler:
    def __init__(self, num_train_timesteps: int = 1000):
        self.sigmas = torch.from_numpy(np.linspace(1.0, 0.0, num_train_timesteps))
        self.step_index = 0

    def set_timesteps(self, num_inference_steps: int, device=None):
        sigmas = np.linspace(1.0, 0.0, num_inference_steps + 1).astype(np.float32)
        self.timesteps = torch.from_numpy(sigmas[:-1] * 1000).to(device=device)
        self.sigmas = torch.from_numpy(sigmas).to(device=device)
        self.step_index = 0

    def _sigma_to_alpha_sigma_t(self, sigma):
        alpha_t = 1 / ((sigma**2 + 1) ** 0.5)
        sigma_t = sigma * alpha_t
        return alpha_t, sigma_t
