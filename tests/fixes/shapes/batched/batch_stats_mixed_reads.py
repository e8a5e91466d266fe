# expect-fix: safe
# max-syncs: 3
"""Per batch: an int64 token count, a bool skip flag and a float loss, read in one loop."""
from __future__ import annotations

import torch


def naive(batches: list[dict[str, torch.Tensor]]) -> tuple[int, float, list[bool]]:
    tokens = 0
    loss = 0.0
    skipped = []
    for batch in batches:
        tokens += batch["tokens"].item()
        skipped.append(batch["skip"].item())
        loss += batch["loss"].item()
    return tokens, loss, skipped


def _batch(tokens: int, skip: bool, loss: float) -> dict[str, torch.Tensor]:
    return {"tokens": torch.tensor(tokens), "skip": torch.tensor(skip),
            "loss": torch.tensor(loss)}


def inputs() -> list[tuple[list[dict[str, torch.Tensor]]]]:
    return [
        ([_batch(16777217, False, 0.5), _batch(3, True, 1.25)],),
        ([_batch(2**40 + 1, False, float("nan")), _batch(1, False, float("inf"))],),
        ([],),
        ([_batch(7, True, -2.0)],),
    ]
