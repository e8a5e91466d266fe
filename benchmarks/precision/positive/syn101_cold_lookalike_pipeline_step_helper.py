# expect: SYN101=1
# why: a pipeline helper named prepare_* but called inside the denoising loop syncs on every step (reported at the call)
import torch
from diffusers import DiffusionPipeline


class MaskedPipeline(DiffusionPipeline):
    def prepare_step_mask(self, latents: torch.Tensor) -> torch.Tensor:
        threshold = latents.abs().mean().item()
        return latents.abs() > threshold

    @torch.no_grad()
    def __call__(self, latents: torch.Tensor, timesteps: torch.Tensor):
        for t in timesteps:
            mask = self.prepare_step_mask(latents)
            noise_pred = self.unet(latents, t)
            latents = torch.where(mask, latents - 0.1 * noise_pred, latents)
        return latents
