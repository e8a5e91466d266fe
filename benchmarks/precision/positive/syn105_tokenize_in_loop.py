# expect: SYN105=1
# why: tokenised ids built per prompt, then copied to the GPU with .to(device)
import torch


@torch.no_grad()
def score_prompts(model, tokenizer, prompts, device):
    scores = []
    for text in prompts:
        ids = tokenizer.encode(text)
        input_ids = torch.tensor([ids]).to(device)
        scores.append(model(input_ids).logits[0, -1])
    return torch.stack(scores)
