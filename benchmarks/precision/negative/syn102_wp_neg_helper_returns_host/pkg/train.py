# expect: none
# targets: SYN102
# why: current_lr() returns a Python float: testing it in the loop never syncs
import torch

from pkg.opt import current_lr


def train(model, loader, optimizer, scheduler):
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        if current_lr(optimizer) > 1e-5:
            scheduler.step()
