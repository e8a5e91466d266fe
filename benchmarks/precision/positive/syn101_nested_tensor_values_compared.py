# expect: SYN101=1
# why: the look-alike: the nested tensor's own components (`unbind()`) are on its device: `torch.equal` on them per row syncs
import torch


def same_rows(x: torch.Tensor) -> bool:
    rows = x.unbind()
    for a, b in zip(rows[:-1], rows[1:]):
        if not torch.equal(a, b):
            return False
    return True
