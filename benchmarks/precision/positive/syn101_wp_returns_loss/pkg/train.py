# expect: SYN101=1
# why: compute_loss() returns a tensor; `running += loss.item()` reads it every batch
import torch

from pkg.losses import compute_loss


def train(model, loader, optimizer):
    running = 0.0
    for batch in loader:
        optimizer.zero_grad()
        loss = compute_loss(model, batch)
        loss.backward()
        optimizer.step()
        running += loss.item()
    return running
