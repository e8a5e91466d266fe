# expect: SYN102=2
# why: set_timesteps leaves `self.sigmas` on the device: `sigma > 0.0` in step() syncs once per denoising step
import torch

from scheduler import EulerScheduler


def denoise(transformer, latents, num_inference_steps: int, device):
    scheduler = EulerScheduler()
    scheduler.set_timesteps(num_inference_steps, device=device)
    for t in scheduler.timesteps:
        noise_pred = transformer(latents, t)
        latents = scheduler.step(noise_pred, latents)
    return latents
