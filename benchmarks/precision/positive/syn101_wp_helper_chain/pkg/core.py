import torch


def read(t: torch.Tensor) -> float:
    return t.detach().cpu().item()
