# expect: none
# targets: SYN101
# why: fused_losses.py is in the tree, so the try-body import is what runs; its `loss_value` stays on the device (the fallback's syncs)
import torch
import torch.nn.functional as F

try:
    from fused_losses import loss_value
except ImportError:
    from losses import loss_value


def train_epoch(model, loader, optimizer):
    history = []
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        history.append(loss_value(loss))
    return torch.stack(history).tolist() if history else []
