# expect: SYN102=1
# why: per_param_norms() returns a list of tensors; `if n > 1e3` tests each one in a loop
import torch

from pkg.norms import per_param_norms


def count_exploding(model) -> int:
    exploding = 0
    for n in per_param_norms(model):
        if n > 1e3:
            exploding += 1
    return exploding
