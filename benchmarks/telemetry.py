"""Syncs, peak temporary memory and wall time: naive telemetry vs synclint.telemetry.

Usage: python benchmarks/telemetry.py [--quick]

For models of 10 to 10,000 parameter tensors and 1M to 100M float32 elements in
all, prints per function the host syncs and peak temporary memory of the naive and
the reference versions (measured by synclint's runtime harness, emulated without a
GPU) and the naive/reference wall-time ratio (measured in this process, without the
harness). For grad_norm the seed ticket's own fix (`[g.double() for g in grads]` then
`torch._foreach_norm`) is a third column.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))

import naive_telemetry as naive  # noqa: E402

from synclint import telemetry  # noqa: E402
from synclint.runtime import count_syncs, track_memory  # noqa: E402

TENSOR_COUNTS = (10, 100, 1_000, 10_000)
TOTAL_ELEMENTS = (1_000_000, 10_000_000, 100_000_000)
QUICK = ((10, 1_000_000), (1_000, 1_000_000), (100, 10_000_000))
MEMORY_LIMIT = 8 << 30  # bytes a configuration may need: weights, grads, naive temporaries


class Params(nn.Module):
    def __init__(self, count: int, total: int) -> None:
        super().__init__()
        size = total // count
        self.params = nn.ParameterList(nn.Parameter(torch.randn(size)) for _ in range(count))
        for p in self.params:
            p.grad = torch.randn(size)


def seed_fix_grad_norm(model: nn.Module) -> float | None:
    """The fix recorded in seed B7-PT-01: float64 copies of every gradient at once."""
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    if not grads:
        return None
    grads_double = [g.double() for g in grads]
    norms = torch._foreach_norm(grads_double, ord=2)
    return float(torch.linalg.vector_norm(torch.stack(list(norms))).item())


def harness(fn: Callable[[], Any]) -> tuple[int, int]:
    with count_syncs() as syncs:
        fn()
    with track_memory() as mem:
        fn()
    return syncs.total, mem.peak_bytes


def wall(fn: Callable[[], Any], budget_s: float = 1.0) -> float:
    """Best of a few runs, as many as fit in about `budget_s` (at least two)."""
    fn()  # warm-up: first-call allocations and dispatch caches
    best = float("inf")
    spent = 0.0
    runs = 0
    while runs < 2 or (spent < budget_s and runs < 20):
        start = time.perf_counter()
        fn()
        elapsed = time.perf_counter() - start
        best = min(best, elapsed)
        spent += elapsed
        runs += 1
    return best


def mib(n: int) -> str:
    return f"{n / (1 << 20):.2f}"


def needed_bytes(total: int) -> int:
    # weights + grads (float32) + the seed fix's float64 copy + the naive cat's temporaries
    return total * (4 + 4 + 8 + 8)


def run(configs: list[tuple[int, int]]) -> None:
    rows: dict[str, list[str]] = {"check_numerical_stability": [], "grad_norm": [], "gradient_stats": []}
    skipped: list[str] = []
    try:
        _measure_all(configs, rows, skipped)
    except KeyboardInterrupt:
        skipped.append("interrupted: the configurations after the last row were not measured")
    _print_tables(rows, skipped)


def _measure_all(configs: list[tuple[int, int]], rows: dict[str, list[str]], skipped: list[str]) -> None:
    for count, total in configs:
        label = f"{count:>6} x {total // count:>10,}"
        if needed_bytes(total) > MEMORY_LIMIT:
            skipped.append(f"{label}: needs ~{needed_bytes(total) >> 30} GiB")
            continue
        model = Params(count, total)
        grads = [p.grad for p in model.parameters() if p.grad is not None]
        cases = {
            "check_numerical_stability": (
                lambda: naive.check_numerical_stability(model),
                lambda: telemetry.check_numerical_stability(model),
                None,
            ),
            "grad_norm": (
                lambda: naive.grad_norm(model),
                lambda: telemetry.grad_norm(model.parameters()),
                lambda: seed_fix_grad_norm(model),
            ),
            "gradient_stats": (
                lambda: naive.gradient_stats(grads),
                lambda: telemetry.gradient_stats(grads),
                None,
            ),
        }
        for name, (slow, fast, seed) in cases.items():
            s_naive, m_naive = harness(slow)
            s_ref, m_ref = harness(fast)
            ratio = wall(slow) / wall(fast)
            row = f"{label}  {s_naive:>7} {s_ref:>5}  {mib(m_naive):>10} {mib(m_ref):>9}"
            if seed is not None:
                s_seed, m_seed = harness(seed)
                row += f"  {s_seed:>5} {mib(m_seed):>10}  {wall(seed) / wall(fast):>9.2f}x"
            row += f"  {ratio:>8.2f}x"
            rows[name].append(row)
            print(f"  done {name} {label}", file=sys.stderr, flush=True)
        del model, grads, cases


def _print_tables(rows: dict[str, list[str]], skipped: list[str]) -> None:
    for name, lines in rows.items():
        print(f"\n{name}")
        head = f"{'tensors x elements':<20}  {'syncs':>7} {'':>5}  {'peak MiB':>10} {'':>9}"
        sub = f"{'':<20}  {'naive':>7} {'ref':>5}  {'naive':>10} {'ref':>9}"
        if name == "grad_norm":
            head += f"  {'seed fix':>5} {'':>10}  {'':>10}"
            sub += f"  {'syncs':>5} {'peak MiB':>10}  {'seed/ref':>10}"
        head += f"  {'time':>9}"
        sub += f"  {'naive/ref':>9}"
        print(head)
        print(sub)
        for line in lines:
            print(line)
    if skipped:
        print("\nskipped:")
        for line in skipped:
            print(f"  {line}")
    print(
        "\npeak = temporary bytes of storages created by aten ops in the call (synclint's"
        "\nemulated harness without a GPU). It does not see the float64 upcast made inside"
        "\na CPU norm kernel; the reference bounds that by chunks of"
        f" {telemetry.CHUNK_ELEMENTS:,} elements ({mib(telemetry.CHUNK_ELEMENTS * 8)} MiB)."
        "\ntime ratio > 1: the reference is faster."
    )


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main() -> None:
    # A `timeout` kill still prints the rows measured so far.
    signal.signal(signal.SIGTERM, _interrupt)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small subset of the configurations")
    args = parser.parse_args()
    configs = list(QUICK) if args.quick else [(c, t) for t in TOTAL_ELEMENTS for c in TENSOR_COUNTS]
    torch.manual_seed(0)
    print(f"torch {torch.__version__}, threads {torch.get_num_threads()}, device cpu (emulated harness)")
    run(configs)


if __name__ == "__main__":
    main()
