# expect: none
# targets: SYN101
# why: as_float() reads its argument, but every argument here is a Python number
import torch

from pkg.conv import as_float


def lr_table(base_lr: float, steps: int) -> list[float]:
    table = []
    for step in range(steps):
        table.append(as_float(base_lr * 0.5 ** (step // 10)))
    return table
