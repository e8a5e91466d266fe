# expect: none
# targets: SYN201
# why: cat of per-batch loss vectors (not views of parameters), mean of a small tensor
import torch
import torch.nn.functional as F


@torch.no_grad()
def per_sample_eval(model, loader, device) -> torch.Tensor:
    losses = []
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        losses.append(F.cross_entropy(model(x), y, reduction="none"))
    return torch.cat(losses).mean()
