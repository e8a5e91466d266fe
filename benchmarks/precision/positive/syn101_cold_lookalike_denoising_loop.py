# expect: SYN101=1
# why: set_timesteps and __init__ are cold, but the pipeline's denoising loop in __call__ reads the latents on every step
import numpy as np
import torch


class Scheduler:
    def __init__(self, num_train_timesteps: int = 1000):
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps)
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.final = self.alphas_cumprod[-1].item()

    def set_timesteps(self, num_inference_steps: int, device=None):
        timesteps = np.linspace(0, 999, num_inference_steps).round()[::-1].copy()
        self.timesteps = torch.from_numpy(timesteps).to(device)
        self.sigmas = [float(((1 - a) / a) ** 0.5) for a in self.alphas_cumprod[:num_inference_steps]]

    def step(self, noise_pred, t, latents):
        return latents - 0.1 * noise_pred


class Pipeline:
    def __init__(self, unet, scheduler: Scheduler):
        self.unet = unet
        self.scheduler = scheduler

    @torch.no_grad()
    def __call__(self, latents: torch.Tensor, num_inference_steps: int = 50):
        self.scheduler.set_timesteps(num_inference_steps, device=latents.device)
        peaks = []
        for t in self.scheduler.timesteps:
            noise_pred = self.unet(latents, t)
            latents = self.scheduler.step(noise_pred, t, latents)
            peaks.append(latents.abs().max().item())
        return latents, peaks
