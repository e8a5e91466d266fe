# expect: none
# targets: SYN102
# why: device comparisons, dtype properties and compiler flags are host values
import torch


def maybe_move(tensors: list[torch.Tensor], target: torch.device) -> list[torch.Tensor]:
    out = []
    for t in tensors:
        if torch.compiler.is_compiling() or torch.jit.is_scripting():
            out.append(t)
        elif t.device != target and t.dtype.is_floating_point:
            out.append(t.to(target))
        else:
            out.append(t)
    return out
