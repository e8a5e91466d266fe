# expect: none
# targets: SYN101
# why: losses accumulated on device in the loop, read once after it
import torch
import torch.nn.functional as F


@torch.no_grad()
def validation_loss(model, loader, device) -> float:
    total = torch.zeros((), device=device)
    batches = 0
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        total += F.cross_entropy(model(x), y, reduction="mean")
        batches += 1
    return (total / max(batches, 1)).item()
