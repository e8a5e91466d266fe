# expect-fix: safe
# max-syncs: 4
"""A metrics dict holding an int64 count, a bool flag and a float loss, read to the host
(Lightning's `metrics_to_scalars`): each value keeps its Python type and exact value."""
from __future__ import annotations

import torch


def naive(metrics: dict[str, torch.Tensor]) -> dict[str, object]:
    return {key: value.item() for key, value in metrics.items()}


def inputs() -> list[tuple[dict[str, torch.Tensor]]]:
    torch.manual_seed(40)
    return [
        ({"count": torch.tensor(16777217), "ok": torch.tensor(False),
          "loss": torch.rand(())},),
        ({"half": torch.tensor(0.1, dtype=torch.float16), "big": torch.tensor(2**60),
          "nan": torch.tensor(float("nan")), "inf": torch.tensor(float("-inf"))},),
        ({},),
        ({"one": torch.tensor(True)},),
    ]
