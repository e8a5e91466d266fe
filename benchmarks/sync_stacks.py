"""What recording each sync's user call stack costs the emulated sync counter.

Usage: python benchmarks/sync_stacks.py. Counts 20 000 `.item()` syncs in a whole-program
region with stacks (what `synclint profile` records) and with stack capture switched off,
in the same process, and prints the ratio (best of 3 each).
"""

from __future__ import annotations

import time

import torch

import synclint.runtime.recording as recording
from synclint.runtime import count_syncs

SYNCS = 20_000


def best_of_three(tensors: list[torch.Tensor]) -> float:
    times = []
    for _ in range(3):
        with count_syncs("emulated", whole_program=True) as report:
            start = time.perf_counter()
            for t in tensors:
                t.sum().item()
            times.append(time.perf_counter() - start)
        assert report.total == len(tensors)
    return min(times)


def main() -> None:
    tensors = [torch.randn(3) for _ in range(SYNCS)]
    best_of_three(tensors[:100])  # warm up: the first mode op imports torch._dynamo
    with_stacks = best_of_three(tensors)
    capture = recording.user_stack
    recording.user_stack = lambda *_: ()
    try:
        without = best_of_three(tensors)
    finally:
        recording.user_stack = capture
    print(f"{SYNCS} syncs: {with_stacks:.3f} s with call stacks, {without:.3f} s without; "
          f"ratio {with_stacks / without:.2f}")


if __name__ == "__main__":
    main()
