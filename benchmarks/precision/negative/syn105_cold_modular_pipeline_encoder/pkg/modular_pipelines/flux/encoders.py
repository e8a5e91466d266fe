# expect: none
# targets: SYN105, SYN101, SYN109
# why: the encoder blocks of a modular pipeline run once per call, before the denoising loop: uploading each reference image is the input copy (diffusers modular_pipelines/*/encoders.py)
import numpy as np
import torch


def get_t5_prompt_embeds(text_encoder, tokenizer, prompt: list[str], device: torch.device):
    inputs = tokenizer(prompt, padding="max_length", return_tensors="pt")
    mask = inputs.attention_mask.to(device)
    seq_lens = mask.gt(0).sum(dim=1).long()
    embeds = text_encoder(inputs.input_ids.to(device), mask).last_hidden_state
    return [u[:v] for u, v in zip(embeds, seq_lens)]


class FluxKeyframeVaeEncoderStep:
    @torch.no_grad()
    def __call__(self, components, state):
        device = components._execution_device
        latents = []
        for image in state.images:
            pixels = torch.from_numpy(np.array(image)).to(device).permute(2, 0, 1)[None]
            latents.append(components.vae.encode(pixels).latent_dist.mode())
        state.sizes = [lat.shape[-1] for lat in latents]
        state.peak = [lat.abs().max().item() for lat in latents]
        return components, state
