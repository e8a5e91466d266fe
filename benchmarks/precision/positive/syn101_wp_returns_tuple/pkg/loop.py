# expect: SYN101=1
# why: forward_pass() returns (loss tensor, logits); `float(loss)` reads the loss every step
import torch

from pkg.model_io import forward_pass


def train(model, loader, opt):
    losses = []
    for x, y in loader:
        loss, _ = forward_pass(model, x, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(float(loss))
    return losses
