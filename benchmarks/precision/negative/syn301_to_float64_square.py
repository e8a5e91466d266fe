# expect: none
# targets: SYN301
# why: (g.to(torch.float64) ** 2).sum(): float64 squares
import torch


def update_norm_fp64(deltas: list[torch.Tensor]) -> torch.Tensor:
    sq = torch.stack([(d.to(torch.float64) ** 2).sum() for d in deltas])
    return sq.sum().sqrt()
