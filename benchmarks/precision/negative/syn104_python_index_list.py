# expect: none
# targets: SYN104
# why: indexing with a Python list of ints and column slices in a loop
import torch


def select_heads(attn: list[torch.Tensor], keep_heads: list[int]) -> list[torch.Tensor]:
    out = []
    for a in attn:
        out.append(a[:, keep_heads][..., :64])
    return out
