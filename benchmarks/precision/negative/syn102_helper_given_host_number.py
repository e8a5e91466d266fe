# expect: none
# targets: SYN102
# why: a helper whose result is computed from the argument it is given returns a host value when given a Python number or a CPU tensor: testing it reads nothing from a device
import torch


def scaled(x: torch.Tensor, factor: float) -> torch.Tensor:
    return x * factor


def clip(limit: float, values: list[float]) -> list[float]:
    bound = scaled(limit, 2.0)
    cpu = scaled(torch.ones(3), 0.5)
    if bound > 1.0 and torch.any(cpu > 0):
        return [min(v, bound) for v in values]
    return values
