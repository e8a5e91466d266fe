import torch


def scaled(x: torch.Tensor, mode: str = "fixed", eps: float = -1.0) -> torch.Tensor:
    if mode != "fixed":
        x = x / float(x.abs().max())
    if eps != -1.0:
        x = x + float(x.std()) * eps
    return x
