"""Slowdown of count_syncs and track_memory (emulated) against plain execution, one process."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import torch

from synclint.runtime import count_syncs, track_memory


def _best(fn: Callable[[], Any], region: Callable[[], AbstractContextManager[Any]], repeats: int = 5) -> float:
    """Best-of-N seconds of `fn` run inside a fresh region each time."""
    best = float("inf")
    for _ in range(repeats):
        with region():
            start = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - start)
    return best


def small_ops() -> Callable[[], Any]:
    a, b = torch.randn(64), torch.randn(64)

    def run() -> None:
        x = a
        for _ in range(500):
            x = torch.tanh(x * 1.0001 + b)
            _ = x.sum()

    return run


def mlp_step() -> Callable[[], Any]:
    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Linear(256, 512), torch.nn.ReLU(), torch.nn.Linear(512, 512), torch.nn.ReLU(),
        torch.nn.Linear(512, 10),
    )
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    x, y = torch.randn(128, 256), torch.randint(0, 10, (128,))

    def run() -> None:
        for _ in range(10):
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            opt.step()

    return run


def main() -> None:
    torch.set_num_threads(1)  # steadier figures; the overhead is per op, in Python
    regions: dict[str, Callable[[], AbstractContextManager[Any]]] = {
        "plain": nullcontext,
        "count_syncs": lambda: count_syncs(backend="emulated"),
        "track_memory": lambda: track_memory(backend="emulated"),
        "both": lambda: _both(),
    }
    print(f"torch {torch.__version__}, emulated backend, best of 5")
    print(f"{'workload':<28} {'region':<14} {'seconds':>9} {'slowdown':>9}")
    for name, make in (("500 x (mul, add, tanh, sum)", small_ops), ("MLP training step x10", mlp_step)):
        fn = make()
        fn()  # warm up (the first op under a mode imports torch._dynamo)
        with count_syncs(backend="emulated"), track_memory(backend="emulated"):
            fn()
        plain = _best(fn, nullcontext)
        for region, ctx in regions.items():
            seconds = plain if region == "plain" else _best(fn, ctx)
            print(f"{name:<28} {region:<14} {seconds:>9.4f} {seconds / plain:>8.2f}x")


class _both:
    def __enter__(self) -> None:
        self._mem = track_memory(backend="emulated")
        self._syncs = count_syncs(backend="emulated")
        self._mem.__enter__()
        self._syncs.__enter__()

    def __exit__(self, *exc: object) -> None:
        self._syncs.__exit__(None, None, None)
        self._mem.__exit__(None, None, None)


if __name__ == "__main__":
    main()
