# expect: SYN101=2
# why: each time step t reads its own slice of the codes with .tolist(): one transfer per step of the outer loop (the whole tensor could be read once before it)
import torch
from torch import nn


def entropy_code(model: nn.Module, wav: torch.Tensor) -> list[int]:
    codes = model(wav.cuda())
    out: list[int] = []
    for t in range(codes.shape[-1]):
        for value in codes[0, :, t].tolist():
            out.append(value)
    for t in range(codes.shape[-1]):
        values = codes[0, :, t].tolist()
        for v in values:
            out.append(v + 1)
    return out
