# expect: none
# targets: SYN101
# why: summary() syncs only in a raise argument, evaluated once, on failure
import torch

from pkg.fmt import summary


def validate(batches: list[torch.Tensor], shapes_ok: list[bool]) -> None:
    for batch, ok in zip(batches, shapes_ok):
        if not ok:
            raise ValueError(f"bad batch: {summary(batch)}")
