# expect: SYN101=2
# why: `i != last` holds on every iteration but one, and a guard on a fixed flag runs every iteration when set: both read per step
import torch


def denoise(unet, latents: torch.Tensor, timesteps: torch.Tensor, track: bool):
    peaks, means = [], []
    for i, t in enumerate(timesteps):
        latents = latents - 0.1 * unet(latents, t)
        if i != len(timesteps) - 1:
            peaks.append(latents.abs().max().item())
        if track:
            means.append(latents.mean().item())
    return latents, peaks, means
