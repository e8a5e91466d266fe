# expect-fix: none: the loop body zeroes and refills the tensor the read reads
"""Per epoch: zero the running loss tensor, accumulate the batches into it, read it once.
Hoisting the read out of the epoch loop would read the accumulator before it is filled."""
from __future__ import annotations

import torch


def naive(epochs: list[list[torch.Tensor]]) -> list[float]:
    running = torch.zeros(())
    history = []
    for batches in epochs:
        running.zero_()
        for loss in batches:
            running += loss
        history.append(running.item())
    return history


def inputs() -> list[tuple[list[list[torch.Tensor]]]]:
    torch.manual_seed(43)
    return [([[torch.rand(()) for _ in range(3)] for _ in range(3)],), ([],),
            ([[torch.tensor(float("nan"))], [torch.tensor(2.0)]],)]
