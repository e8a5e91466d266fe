# expect: SYN101=1
# why: the denoise blocks of a modular pipeline run the denoising loop: a read per step there is per step
import torch


class FluxLoopDenoiser:
    @torch.no_grad()
    def __call__(self, components, state):
        peaks = []
        for t in state.timesteps:
            noise_pred = components.transformer(state.latents, t)
            state.latents = components.scheduler.step(noise_pred, t, state.latents)
            peaks.append(state.latents.abs().max().item())
        state.peaks = peaks
        return components, state
