# expect: none
# targets: SYN102
# why: diffusers' LEDITS++ `compute_noise_sde_dpm_pp_2nd`, with the scheduler parameter annotated: its `sigmas` stay on the CPU, so `sigma > 0.0` tests a host tensor
import torch

from scheduler import DPMSolverScheduler


def compute_noise(scheduler: DPMSolverScheduler, prev_latents, latents, noise_pred):
    sigma_t = scheduler.sigmas[scheduler.step_index + 1]
    sigma_s = scheduler.sigmas[scheduler.step_index]
    alpha_t, sigma_t = scheduler._sigma_to_alpha_sigma_t(sigma_t)
    alpha_s, sigma_s = scheduler._sigma_to_alpha_sigma_t(sigma_s)
    h = (torch.log(alpha_t) - torch.log(sigma_t)) - (torch.log(alpha_s) - torch.log(sigma_s))
    mu_xt = (sigma_t / sigma_s * torch.exp(-h)) * latents + alpha_t * noise_pred
    sigma = sigma_t * torch.sqrt(1.0 - torch.exp(-2 * h))
    if sigma > 0.0:
        noise = (prev_latents - mu_xt) / sigma
    else:
        noise = torch.zeros_like(latents)
    scheduler.step_index += 1
    return noise, mu_xt


def invert(unet, scheduler: DPMSolverScheduler, latents, num_steps: int):
    scheduler.set_timesteps(num_steps)
    noises = []
    for t in scheduler.timesteps:
        noise_pred = unet(latents, t)
        noise, latents = compute_noise(scheduler, latents, latents - noise_pred, noise_pred)
        noises.append(noise)
    return latents, noises
