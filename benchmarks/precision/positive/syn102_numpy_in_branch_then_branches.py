# expect: SYN102=1
# why: the .numpy() runs only in one branch, so after the if the tensor may still be on the GPU and the test syncs
import numpy as np
import torch


def summarize(scores: torch.Tensor, dump: bool) -> dict:
    out = {}
    if dump:
        out["raw"] = scores.numpy()
    if scores.max() > 1.0:
        out["scaled"] = True
    return out
