# expect: none
# targets: SYN101
# why: per-iteration timings are host floats; the only tensor read is after the loop
import time

import torch


def profile_steps(step_fn, n: int) -> dict[str, float]:
    durations = []
    last = None
    for i in range(n):
        t0 = time.perf_counter()
        last = step_fn(i)
        durations.append(float(time.perf_counter() - t0))
    final = last.item() if isinstance(last, torch.Tensor) else 0.0
    return {"mean_s": sum(durations) / n, "final": final}
