# expect: SYN102=1
# why: has_nan() returns a bool tensor; `if has_nan(loss)` syncs once per batch
import torch

from pkg.checks import has_nan


def train(model, loader, opt):
    skipped = 0
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        if has_nan(loss):
            skipped += 1
            continue
        loss.backward()
        opt.step()
    return skipped
