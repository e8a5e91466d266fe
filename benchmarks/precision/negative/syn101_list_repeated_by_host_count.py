# expect: none
# targets: SYN101
# why: a list repeated by Python ints, or by counts read once with .tolist(), and a tensor scaled by a tensor: no per-iteration read
import torch


def window_boundaries(lengths: torch.Tensor, window: int, scale: torch.Tensor) -> list[int]:
    bounds = [0]
    for length in lengths.cuda().tolist():
        bounds += [window] * (length // window)
    for _ in range(4):
        scale = scale.cuda() * torch.ones(3, device="cuda")
    return bounds + [1] * 3
