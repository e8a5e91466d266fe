# expect-fix: none: the value read is narrowed to NumPy scalars by `isinstance`
"""Hyper-parameters to plain Python: only NumPy scalars are converted with `.item()`."""
from __future__ import annotations

import numpy as np
import torch


def naive(hparams: dict[str, object]) -> dict[str, object]:
    out = {}
    for key, value in hparams.items():
        if isinstance(value, (np.integer, np.floating)):
            out[key] = value.item()
        else:
            out[key] = value
    return out


def inputs() -> list[tuple[dict[str, object]]]:
    return [({"lr": np.float32(0.5), "epochs": np.int64(3), "name": "run", "t": torch.ones(1)},),
            ({},)]
