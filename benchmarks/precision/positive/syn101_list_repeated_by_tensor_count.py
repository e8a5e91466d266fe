# expect: SYN101=1
# why: a list repeated by a 0-d CUDA tensor (`[w] * (n // w)`) reads the count on the host (Tensor.__index__) on every iteration
import torch


def window_boundaries(lengths: torch.Tensor, window: int) -> torch.Tensor:
    lengths = lengths.cuda()
    bounds = [0]
    for length in lengths:
        bounds += [window] * (length // window)
    return torch.tensor(bounds, device=lengths.device).cumsum(-1)
