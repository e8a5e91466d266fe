# expect-fix: safe
# max-syncs: 4
"""Metrics to plain Python before logging: tensors read, everything else kept (reduced
from Lightning's LitLogger.log_metrics)."""
from __future__ import annotations

import torch
from torch import Tensor


def naive(metrics: dict[str, object]) -> dict[str, object]:
    return {k: v.item() if isinstance(v, Tensor) else v for k, v in metrics.items()}


def inputs() -> list[tuple[dict[str, object]]]:
    torch.manual_seed(51)
    return [
        ({"loss": torch.rand(()), "step": torch.tensor(16777217), "done": torch.tensor(True),
          "lr": 0.1, "name": "run"},),
        ({"half": torch.tensor(0.3, dtype=torch.float16), "nan": torch.tensor(float("nan")),
          "inf": torch.tensor(float("inf"))},),
        ({},),
        ({"only": torch.tensor([2.5])},),
        ({"epoch": 3, "tag": "x"},),
    ]
