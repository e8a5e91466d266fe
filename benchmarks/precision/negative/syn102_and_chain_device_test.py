# expect: none
# targets: SYN102
# why: the right operand of `and` runs only when the left held: after `empty.device.type == "cpu"`, `empty.any()` tests a CPU tensor, as after `empty.device.type != "cpu" or` (`not empty.is_cuda` would not do: another accelerator) (added after the issue 22 sample)
import torch
from torch import Tensor


def fill_empty(scores: Tensor, empty: Tensor, compiling: bool) -> Tensor:
    if not compiling and empty.device.type == "cpu" and empty.any():
        print("documents without a scoreable token")
    if empty.device.type != "cpu" or not empty.any():
        return scores
    return scores.masked_fill(empty, 0.0)
