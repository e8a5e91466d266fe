# expect: SYN103=2
# why: device-wide synchronize around a timing loop (informational)
import time

import torch


def time_forward(model, x, iters=50):
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(iters):
        model(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / iters
