# expect: SYN109=1
# why: lengths summed from a mask already moved to the device: each slice by them syncs
import torch


def encode_prompt(tokenizer, text_encoder, prompt: list[str], device) -> list[torch.Tensor]:
    text_inputs = tokenizer(prompt, padding="max_length", max_length=512, return_tensors="pt")
    mask = text_inputs.attention_mask.to(device)
    seq_lens = mask.gt(0).sum(dim=1).long()
    prompt_embeds = text_encoder(text_inputs.input_ids.to(device), mask).last_hidden_state
    return [u[:v] for u, v in zip(prompt_embeds, seq_lens)]
