# expect: none
# targets: SYN104
# why: repeat_interleave with output_size known on the host does not sync
import torch


def expand_rows(feats: list[torch.Tensor], counts: list[torch.Tensor], totals: list[int]):
    out = []
    for f, c, total in zip(feats, counts, totals):
        out.append(torch.repeat_interleave(f, c, dim=0, output_size=total))
    return out
