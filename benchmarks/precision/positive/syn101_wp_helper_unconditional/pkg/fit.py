# expect: SYN101=1
# why: global_norm() always ends in .item(); the training loop calls it every step
import torch

from pkg.norms import global_norm


def fit(model, loader, optimizer, loss_fn):
    for x, y in loader:
        optimizer.zero_grad()
        loss_fn(model(x), y).backward()
        gn = global_norm(model.parameters())
        optimizer.step()
    return gn
