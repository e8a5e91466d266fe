# expect: none
# targets: SYN109
# why: the tokenizer returns CPU tensors: lengths from its attention_mask are host values, slicing by them copies nothing
import torch


def encode_prompt(tokenizer, text_encoder, prompt: list[str], device) -> list[torch.Tensor]:
    text_inputs = tokenizer(prompt, padding="max_length", max_length=512, return_tensors="pt")
    text_input_ids, mask = text_inputs.input_ids, text_inputs.attention_mask
    seq_lens = mask.gt(0).sum(dim=1).long()
    prompt_embeds = text_encoder(text_input_ids.to(device), mask.to(device)).last_hidden_state
    return [u[:v] for u, v in zip(prompt_embeds, seq_lens)]
