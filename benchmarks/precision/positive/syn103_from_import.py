# expect: SYN103=1
# why: synchronize imported from torch.cuda
import torch
from torch.cuda import synchronize


def flush_and_measure(fn, *args):
    out = fn(*args)
    synchronize()
    return out, torch.cuda.max_memory_allocated()
