# expect: none
# targets: SYN104
# why: slices, integer and None indexing in a loop
import torch


def last_hidden(states: list[torch.Tensor], k: int) -> list[torch.Tensor]:
    out = []
    for i, h in enumerate(states):
        out.append(h[:, 0] + h[..., :k].mean(-1, keepdim=True)[:, 0] + h[i % h.shape[0]][None, 0])
    return out
