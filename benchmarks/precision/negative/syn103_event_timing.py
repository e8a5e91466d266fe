# expect: none
# targets: SYN103
# why: CUDA events for timing: event.synchronize() waits for one event only
import torch


def time_kernel(fn, *args, iters: int = 20) -> float:
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        fn(*args)
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / iters
