# expect-fix: unsafe
# max-syncs: 2
"""Update one running meter per loss (reduced from open_clip's training log step): the
analysis cannot prove the dict's values tensors, and a Python number there has no
`.view()`: the fix is unsafe, and the edge input shows it."""
from __future__ import annotations

import torch


class Meter:
    def __init__(self) -> None:
        self.values: list[float] = []

    def update(self, value: float, n: int) -> None:
        self.values.extend([value] * n)


def naive(losses, batch_size: int) -> dict[str, list[float]]:
    meters: dict[str, Meter] = {}
    for key, val in losses.items():
        if key not in meters:
            meters[key] = Meter()
        meters[key].update(val.item(), batch_size)
    return {key: meter.values for key, meter in meters.items()}


def inputs() -> list[tuple[dict[str, torch.Tensor], int]]:
    torch.manual_seed(95)
    return [({"contrastive": torch.rand(()), "caption": torch.rand(())}, 2),
            ({"total": torch.tensor(3)}, 1), ({}, 4),
            ({"a": torch.rand(()).half(), "b": torch.rand(())}, 1)]


def edge_inputs() -> list[tuple[dict[str, object], int]]:
    import numpy as np

    return [({"a": torch.rand(()), "b": np.float32(0.5)}, 1)]
