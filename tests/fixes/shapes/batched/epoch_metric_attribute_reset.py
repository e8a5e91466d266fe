# expect-fix: none: the loop zeroes and refills the metric the read reads
"""A metric held on an object, reset and refilled every epoch, read once per epoch
(Lightning-style running loss): reading it ahead of the epochs would read zeros."""
from __future__ import annotations

import torch


class Metric:
    def __init__(self) -> None:
        self.total = torch.zeros(())


def naive(epochs: list[list[torch.Tensor]]) -> list[float]:
    metric = Metric()
    history = []
    for batches in epochs:
        metric.total.zero_()
        for loss in batches:
            metric.total += loss
        history.append(metric.total.item())
    return history


def inputs() -> list[tuple[list[list[torch.Tensor]]]]:
    return [([[torch.tensor(1.0), torch.tensor(2.0)], [torch.tensor(3.0)]],), ([],)]
