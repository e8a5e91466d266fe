# expect: none
# targets: SYN102
# why: a while loop bounded by a tensor's size, not its values
import torch


def chunked_apply(fn, x: torch.Tensor, chunk: int) -> torch.Tensor:
    outs, i = [], 0
    while i < x.size(0):
        outs.append(fn(x[i:i + chunk]))
        i += chunk
    return torch.cat(outs) if outs else x
