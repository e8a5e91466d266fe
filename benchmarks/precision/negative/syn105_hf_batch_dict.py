# expect: none
# targets: SYN105, SYN202
# why: the Hugging Face idiom: each DataLoader batch dict moved with a comprehension
import torch


def eval_loss(model, dataloader, device) -> torch.Tensor:
    losses = []
    with torch.no_grad():
        for batch in dataloader:
            batch = {k: v.to(device) for k, v in batch.items()}
            losses.append(model(**batch).loss)
    return torch.stack(losses).mean()
