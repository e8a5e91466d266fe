# expect: none
# targets: SYN102
# why: comparing with a string literal is never a tensor test, whatever the annotation says
from typing import Optional

import torch


def apply_masks(scores: list[torch.Tensor], mask: Optional[torch.Tensor] = None):
    out = []
    for s in scores:
        if mask == "causal":
            s = s.tril()
        elif mask != "none" and mask is not None:
            s = s.masked_fill(mask, float("-inf"))
        out.append(s.softmax(-1))
    return out
