# expect: none
# targets: SYN102, SYN101
# why: set_timesteps keeps `self.sigmas` on the CPU on purpose: `sigma > 0.0` in step() reads a host tensor
import torch

from scheduler import EulerScheduler


def denoise(transformer, latents, num_inference_steps: int, device):
    scheduler = EulerScheduler()
    scheduler.set_timesteps(num_inference_steps, device=device)
    for t in scheduler.timesteps:
        noise_pred = transformer(latents, t)
        latents = scheduler.step(noise_pred, latents)
    return latents
