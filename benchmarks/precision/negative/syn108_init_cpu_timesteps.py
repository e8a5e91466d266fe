# expect: none
# targets: SYN108
# why: diffusers' Helios scheduler: `__init__` runs once, on CPU tensors built from NumPy; `min(timesteps[i], 999)` compares a host tensor
import numpy as np
import torch


class HeliosScheduler:
    def __init__(self, num_train_timesteps: int = 1000, stages: int = 3):
        alphas = np.linspace(1, 1 / num_train_timesteps, num_train_timesteps)[::-1].copy()
        self.sigmas = torch.from_numpy(1.0 - alphas)
        self.timesteps = self.sigmas * num_train_timesteps
        self.start_sigmas = {}
        training_steps = num_train_timesteps
        for stage in range(stages):
            timestep_ratio = 1 - np.linspace(stage / stages, (stage + 1) / stages, 2)
            timestep_max = min(self.timesteps[int(timestep_ratio[0] * training_steps)], 999)
            self.start_sigmas[stage] = timestep_max / training_steps
