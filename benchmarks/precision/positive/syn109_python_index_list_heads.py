# expect: SYN109=1
# why: a Python list of head indices is copied to the GPU on every iteration (SYN104 stays silent: no mask)
import torch


def select_heads(attn: list[torch.Tensor], keep_heads: list[int]) -> list[torch.Tensor]:
    out = []
    for a in attn:
        out.append(a[:, keep_heads][..., :64])
    return out
