# expect: SYN101=1
# why: torch.equal reads both tensors on the host and returns a Python bool: one sync per parameter
import torch
from torch import nn


def changed_parameters(model: nn.Module, reference: nn.Module) -> list[str]:
    changed = []
    for (name, p), q in zip(model.named_parameters(), reference.parameters()):
        if not torch.equal(p, q):
            changed.append(name)
    return changed
