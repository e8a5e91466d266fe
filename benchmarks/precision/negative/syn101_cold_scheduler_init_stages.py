# expect: none
# targets: SYN101, SYN108
# why: a scheduler's __init__ (and an init_* helper it calls) builds per-stage sigmas once, on CPU tensors made from NumPy (diffusers Helios)
import numpy as np
import torch


class HeliosDMDScheduler:
    def __init__(self, num_train_timesteps: int = 1000, stages: int = 3):
        self.num_train_timesteps = num_train_timesteps
        self.stages = stages
        alphas = np.linspace(1.0, 0.0, num_train_timesteps + 1)[:-1]
        self.sigmas = torch.from_numpy(alphas).float()
        self.timesteps = self.sigmas * num_train_timesteps
        self.init_sigmas_for_each_stage()

    def init_sigmas_for_each_stage(self):
        training_steps = self.num_train_timesteps
        self.start_sigmas, self.end_sigmas = {}, {}
        for i_s in range(self.stages):
            start_indice = int(i_s / self.stages * training_steps)
            end_indice = int((i_s + 1) / self.stages * training_steps)
            self.start_sigmas[i_s] = self.sigmas[start_indice].item()
            end_sigma = self.sigmas[end_indice].item() if end_indice < training_steps else 0.0
            self.end_sigmas[i_s] = end_sigma
            timestep_max = min(self.timesteps[end_indice - 1], 999)
            self.start_sigmas[i_s] = min(self.start_sigmas[i_s], float(timestep_max))
