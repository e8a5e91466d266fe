# expect-fix: safe
# max-syncs: 2
"""Losses logged per name where a value may be a tensor or something else (reduced from
mmengine's `_update_losses`): the tensors' reads, filtered by the same `isinstance` test,
are stacked and read once, and the loop takes them in order with `next(values)`. Safe: the
meters are made from no arguments and their updates get the same Python numbers in the
same order; tensors of several dtypes are read one by one (int stays int): 2 syncs."""
from __future__ import annotations

import torch


class HistoryBuffer:
    def __init__(self) -> None:
        self.values: list[float] = []

    def update(self, value: float) -> None:
        self.values.append(value)


def naive(loss: dict[str, object]) -> dict[str, list[float]]:
    losses: dict[str, HistoryBuffer] = {}
    for loss_name, loss_value in loss.items():
        if loss_name not in losses:
            losses[loss_name] = HistoryBuffer()
        if isinstance(loss_value, torch.Tensor):
            losses[loss_name].update(loss_value.item())
    return {name: buffer.values for name, buffer in losses.items()}


def inputs() -> list[tuple[dict[str, object]]]:
    return [({"loss_cls": torch.tensor(0.5), "acc": 3.0, "loss_bbox": torch.tensor([1.25])},),
            ({"loss": torch.tensor(2.0), "count": torch.tensor(7)},),  # float32 and int64
            ({},),
            ({"a": [torch.tensor(1.0)], "b": torch.tensor(float("inf")).half()},)]
