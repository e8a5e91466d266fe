import torch


def count(model: torch.nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())
