# expect-fix: none: the iterable is a progress bar; the fix would drain it before the body
"""A progress-bar object (like tqdm) wrapping the batches: it reports each step as the loop
reaches it, interleaved with the loop's own output."""
from __future__ import annotations

from collections.abc import Iterator

import torch


class Progress:
    def __init__(self, items: list[torch.Tensor], log: list[str]) -> None:
        self.items, self.log = items, log

    def __iter__(self) -> Iterator[torch.Tensor]:
        for index, item in enumerate(self.items):
            self.log.append(f"step {index}")
            yield item


def naive(losses: list[torch.Tensor]) -> list[str]:
    log: list[str] = []
    for loss in Progress(losses, log):
        log.append(f"{loss.item():.2f}")
    return log


def inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.tensor(0.5), torch.tensor(float("nan"))],), ([],)]
