# expect: SYN101=1
# why: `fused_losses` is an optional package the tree lacks, so `loss_value` is the fallback in losses.py, which reads the loss on the host per batch
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
    return history
