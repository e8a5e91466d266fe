# expect: SYN102=1
# why: eval_step() returns a dict of tensors; comparing its "loss" in an `if` syncs every batch
import torch

from pkg.step import eval_step


@torch.no_grad()
def best_batch(model, loader):
    best, best_i = None, -1
    for i, (x, y) in enumerate(loader):
        out = eval_step(model, x, y)
        if best is None or out["loss"] < best:
            best, best_i = out["loss"], i
    return best_i
