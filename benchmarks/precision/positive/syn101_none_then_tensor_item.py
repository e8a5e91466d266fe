# expect: SYN101=1
# why: `best` is None until the first batch, then a device tensor: `.item()` in the loop syncs
import torch


def track_best(model, loader, device):
    best = None
    for batch in loader:
        loss = model(batch.to(device)).mean()
        if best is None:
            best = loss.detach()
        else:
            best = torch.minimum(best, loss.detach())
        print(best.item())
    return best
