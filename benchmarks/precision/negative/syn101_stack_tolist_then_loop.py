# expect: none
# targets: SYN101
# why: the batched fix: one stack + .tolist() outside the loop, then float() of Python numbers
import torch
from torch import nn


def per_layer_grad_norms(model: nn.Module) -> dict[str, float]:
    names, norms = [], []
    for name, p in model.named_parameters():
        if p.grad is not None:
            names.append(name)
            norms.append(torch.linalg.vector_norm(p.grad))
    if not norms:
        return {}
    values = torch.stack(norms).tolist()
    return {name: float(v) for name, v in zip(names, values)}
