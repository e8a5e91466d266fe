# expect-fix: safe
"""Per metric name, the sum of each logged tensor, with the log line printed per metric
(reduced from a validation-epoch summary): the outer loop walks `.values()` of a dict the
nest never changes, and prints between inner loops; the printed output keeps its order."""
from __future__ import annotations

import torch


def naive(logged: dict[str, list[torch.Tensor]]) -> list[float]:
    totals = []
    for values in logged.values():
        print("metric with", len(values), "steps")
        for v in values:
            totals.append(v.sum().item())
    return totals


def inputs() -> list[tuple[dict[str, list[torch.Tensor]]]]:
    torch.manual_seed(11)
    return [({"loss": [torch.rand(3) for _ in range(2)], "acc": [torch.rand(())]},),
            ({},), ({"loss": []},), ({"x": [torch.tensor([float("nan"), 1.0])]},),
            ({"x": [torch.tensor([60000.0, 60000.0], dtype=torch.float16)]},),
            ({"n": [torch.tensor([1.0, 2.0, 3.0])], "f": [torch.tensor([float("inf")])]},),
            ({"n": [torch.tensor([1, 2, 3])], "m": [torch.tensor([4, 5])]},)]
