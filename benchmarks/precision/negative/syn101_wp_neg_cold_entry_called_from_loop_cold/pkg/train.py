# expect: none
# targets: SYN101
# why: best_metric() syncs, but it is called after the epoch loop, once
import torch

from pkg.ckpt import best_metric


def train(model, loader, epochs: int):
    history = torch.zeros(epochs, device="cuda")
    for epoch in range(epochs):
        for batch in loader:
            history[epoch] += model(batch).mean().detach()
    return best_metric(history)
