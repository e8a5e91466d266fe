# expect: none
# targets: SYN101, SYN102
# why: flat() stays on the device; calling it per parameter never syncs
import torch

from pkg.flat import flat


def flat_grads(model: torch.nn.Module) -> torch.Tensor:
    parts = []
    for p in model.parameters():
        if p.grad is not None:
            parts.append(flat(p.grad))
    return torch.cat(parts)
