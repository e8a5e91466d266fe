# expect: SYN102=1
# targets: SYN102
# why: the look-alike: a test of another tensor's device does not move this one to the CPU (added after the issue 22 sample)
import torch
from torch import Tensor


def fill_empty(scores: Tensor, empty: Tensor, compiling: bool) -> Tensor:
    if not compiling and scores.device.type == "cpu" and empty.any():
        print("documents without a scoreable token")
    return scores.masked_fill(empty, 0.0)
