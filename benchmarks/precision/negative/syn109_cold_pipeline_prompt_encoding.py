# expect: none
# targets: SYN109, SYN105
# why: prompt encoding runs once per pipeline call, before the denoising loop: trimming or padding per prompt is not per step (diffusers _get_t5_prompt_embeds, AudioLDM2 encode_prompt)
import torch
from diffusers import DiffusionPipeline


class WanLikePipeline(DiffusionPipeline):
    def _get_t5_prompt_embeds(self, prompt: list[str], device: torch.device):
        inputs = self.tokenizer(prompt, padding="max_length", return_tensors="pt")
        mask = inputs.attention_mask.to(device)
        seq_lens = mask.gt(0).sum(dim=1).long()
        prompt_embeds = self.text_encoder(inputs.input_ids.to(device), mask).last_hidden_state
        prompt_embeds = [u[:v] for u, v in zip(prompt_embeds, seq_lens)]
        return torch.stack([torch.cat([u, u.new_zeros(512 - u.size(0), u.size(1))])
                            for u in prompt_embeds])

    def encode_prompt(self, prompts: list[str], device: torch.device, hidden: int):
        negative = []
        for prompt in prompts:
            negative.append(torch.zeros(1, 77, hidden).to(device=device))
        return self._get_t5_prompt_embeds(prompts, device), negative
