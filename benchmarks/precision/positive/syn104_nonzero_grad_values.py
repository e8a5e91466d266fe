# expect: SYN104=1
# why: g[g != 0] per gradient to average the non-zero magnitudes
import torch
from torch import nn


def mean_nonzero_grad(model: nn.Module) -> dict[str, torch.Tensor]:
    out = {}
    for name, p in model.named_parameters():
        g = p.grad
        if g is None:
            continue
        out[name] = g[g != 0].abs().mean()
    return out
