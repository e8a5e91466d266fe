# expect: none
# targets: SYN101
# why: the syncing helper is called once, after the loop, not per iteration
import torch

from pkg.helpers import to_float


def train(model, loader, opt):
    total = torch.zeros((), device="cuda")
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        total += loss.detach()
    return to_float(total)
