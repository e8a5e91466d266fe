# expect: none
# targets: SYN101
# why: `cast(np.ndarray, table)` says what a value of unknown kind is, as an annotation would: its rows are NumPy, and `.item()` of them reads host memory (the look-alike of a cast to a project class)
from __future__ import annotations

from typing import cast

import numpy as np
import torch


def totals(table: object, scale: torch.Tensor) -> float:
    rows = cast(np.ndarray, table)
    total = 0.0
    for row in rows:
        total += row.item()
    return total * 2
