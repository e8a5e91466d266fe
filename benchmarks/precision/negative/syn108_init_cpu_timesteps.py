# expect: none
# targets: SYN108
# why: diffusers' Helios scheduler: a helper called from `__init__` compares `self.timesteps` while it is still the CPU tensor built from NumPy (set_timesteps moves it to the device later)
import numpy as np
import torch


class HeliosScheduler:
    def __init__(self, num_train_timesteps: int = 1000, stages: int = 3):
        self.num_train_timesteps = num_train_timesteps
        self.stages = stages
        self.start_sigmas = {}
        self.init_sigmas()
        self.init_sigmas_for_each_stage()

    def init_sigmas(self):
        alphas = np.linspace(1, 1 / self.num_train_timesteps, self.num_train_timesteps)[::-1]
        sigmas = 1.0 - torch.from_numpy(alphas.copy())
        self.timesteps = sigmas * self.num_train_timesteps
        self.sigmas = sigmas.to("cpu")

    def init_sigmas_for_each_stage(self):
        training_steps = self.num_train_timesteps
        for stage in range(self.stages):
            timestep_ratio = 1 - np.linspace(stage / self.stages, (stage + 1) / self.stages, 2)
            timestep_max = min(self.timesteps[int(timestep_ratio[0] * training_steps)], 999)
            self.start_sigmas[stage] = timestep_max / training_steps

    def set_timesteps(self, num_inference_steps: int, device: str | torch.device | None = None):
        timesteps = np.linspace(999, 0, num_inference_steps)
        self.timesteps = torch.from_numpy(timesteps).to(device=device)
