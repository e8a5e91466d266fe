# expect: SYN101=1
# why: `from .helpers import scalar` resolves to a host read of its argument; the argument is a loss tensor
import torch
import torch.nn.functional as F

from .helpers import scalar


def train_epoch(model, loader, optimizer):
    history = []
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        history.append(scalar(loss))
    return history
