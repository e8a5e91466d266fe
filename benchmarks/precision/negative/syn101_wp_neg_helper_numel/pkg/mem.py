# expect: none
# targets: SYN101
# why: size_of() reads host metadata (numel, element_size), never tensor values
import torch

from pkg.count import size_of


def model_bytes(model: torch.nn.Module) -> int:
    total = 0
    for p in model.parameters():
        total += size_of(p)
    return total
