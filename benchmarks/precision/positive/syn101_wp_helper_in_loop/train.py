# expect: SYN101=1
# why: a helper in another module calls .item(); it is called once per parameter
import torch

from helpers import to_float


def parameter_norms(model: torch.nn.Module) -> list[float]:
    norms = []
    for p in model.parameters():
        norms.append(to_float(p.norm()))
    return norms
