# expect: none
# targets: SYN109, SYN105
# why: a guard that compares the loop counter for equality runs on one iteration of the denoising loop (diffusers ChronoEdit, HunyuanVideo 1.5)
import torch


def denoise(transformer, scheduler, latents: torch.Tensor, condition: torch.Tensor,
            timesteps: torch.Tensor, reasoning_steps: int, temporal: bool, device: str):
    for i, t in enumerate(timesteps):
        if temporal and i == reasoning_steps:
            latents = latents[:, :, [0, -1]]
            condition = condition[:, :, [0, -1]]
        if i == len(timesteps) - 1:
            timestep_r = torch.tensor([0.0], device=device)
        else:
            timestep_r = timesteps[i + 1]
        noise_pred = transformer(torch.cat([latents, condition], dim=1), t, timestep_r)
        latents = scheduler.step(noise_pred, t, latents)
    return latents
