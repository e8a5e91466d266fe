# expect: none
# targets: SYN111
# why: outside a loop, a nonzero whose result only feeds device ops is one sync: not reported
import torch


def zero_rows(x: torch.Tensor, dead: torch.Tensor) -> torch.Tensor:
    idx = dead.nonzero().squeeze(1)
    return x.index_fill(0, idx, 0.0)
