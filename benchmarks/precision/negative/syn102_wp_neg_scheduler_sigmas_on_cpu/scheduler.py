import numpy as np
import torch


class EulerScheduler:
    def __init__(self, num_train_timesteps: int = 1000):
        sigmas = np.linspace(1.0, 0.0, num_train_timesteps, dtype=np.float32)
        self.sigmas = torch.from_numpy(sigmas)
        self.step_index = None

    def set_timesteps(self, num_inference_steps: int, device=None):
        sigmas = np.linspace(1.0, 0.0, num_inference_steps + 1).astype(np.float32)
        sigmas = torch.from_numpy(sigmas).to(device=device)
        self.sigmas = torch.cat([sigmas[:1], sigmas[1:].repeat_interleave(1)])
        self.timesteps = (self.sigmas[:-1] * 1000).to(device=device)
        self.sigmas = self.sigmas.to("cpu")  # to avoid too much CPU/GPU communication
        self.step_index = 0

    def step(self, model_output, sample):
        sigma = self.sigmas[self.step_index]
        sigma_next = self.sigmas[self.step_index + 1]
        if sigma > 0.0:
            sample = sample + (sigma_next - sigma) * model_output
        self.step_index += 1
        return sample
