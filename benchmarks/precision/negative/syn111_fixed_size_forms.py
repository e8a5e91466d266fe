# expect: none
# targets: SYN111
# why: three-argument where, output_size= and a fixed minlength keep every size static
import torch


def fixed(x: torch.Tensor, mask: torch.Tensor, counts: torch.Tensor, total: int) -> torch.Tensor:
    kept = torch.where(mask, x, 0)
    rep = torch.repeat_interleave(x, counts, dim=0, output_size=total)
    nz = torch.nonzero_static(mask, size=8)
    return kept.sum() + rep.sum() + nz.sum()
