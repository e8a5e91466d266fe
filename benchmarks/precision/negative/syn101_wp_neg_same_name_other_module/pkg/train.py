# expect: none
# targets: SYN101
# why: this module defines its own to_float(), which does not sync; the syncing one is not imported
import torch


def to_float(t):
    return t.detach().float()


def collect(model: torch.nn.Module) -> list[torch.Tensor]:
    out = []
    for p in model.parameters():
        out.append(to_float(p))
    return out
