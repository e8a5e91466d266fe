# expect: SYN101=1
# why: summed validation loss read per batch
import torch
import torch.nn.functional as F


def validate(model, loader, device):
    model.eval()
    total, count = 0.0, 0
    with torch.no_grad():
        for x, y in loader:
            pred = model(x.to(device))
            total += F.mse_loss(pred, y.to(device), reduction="sum").item()
            count += y.numel()
    return total / count
