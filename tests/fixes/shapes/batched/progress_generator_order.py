# expect-fix: none: the iterable may be a generator; the fix would drain it before the body
"""A progress-bar style generator as the loop iterable: its output and the body's must
keep their order."""
from __future__ import annotations

import torch


def progress(items: list[torch.Tensor], events: list[str]):  # type: ignore[no-untyped-def]
    for index, item in enumerate(items):
        events.append(f"tick {index}")
        yield item


def naive(losses: list[torch.Tensor]) -> tuple[float, list[str]]:
    events: list[str] = []
    total = 0.0
    for loss in progress(losses, events):
        value = loss.item()
        events.append(f"loss {value:.3f}")
        total += value
    return total, events


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(41)
    return [([torch.rand(()) for _ in range(4)],), ([],), ([torch.tensor(1.5)],)]
