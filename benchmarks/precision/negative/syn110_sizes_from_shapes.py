# expect: none
# targets: SYN110, SYN101
# why: sizes from .shape, .size(), len() and Python ints are host values
import torch


def pad_batch(seqs: list[torch.Tensor], pad: int) -> torch.Tensor:
    n = len(seqs)
    width = max(s.size(0) for s in seqs)
    dim = seqs[0].shape[-1]
    out = torch.full((n, width, dim), pad, device=seqs[0].device)
    for i in range(n):
        out[i, : seqs[i].shape[0]] = seqs[i]
    return out
