# expect: SYN101=1
# why: the loop leaves for accelerator outputs before the `.numpy()`: on that path the output is on the GPU and `.item()` syncs every batch; only the rest is proved host
import torch


def evaluate(model, loader) -> list:
    scores = []
    for batch in loader:
        out = model(batch)
        if out.is_cuda:
            scores.append(out.sum().item())
            continue
        scores.append(out.detach().numpy())
    return scores
