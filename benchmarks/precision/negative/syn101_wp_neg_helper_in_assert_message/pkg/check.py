# expect: none
# targets: SYN101
# why: describe() syncs, but only in the assert message, which runs at most once, on failure
import torch

from pkg.fmt import describe


def check_finite(tensors: list[torch.Tensor], ok: list[bool]) -> None:
    for t, fine in zip(tensors, ok):
        assert fine, describe(t)
