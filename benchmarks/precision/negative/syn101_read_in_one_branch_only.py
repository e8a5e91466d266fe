# expect: none
# targets: SYN101
# why: fresh16 M5's look-alike: a data-dependent `if` whose branches read different things (only the rare empty case reads `int(negative.sum())`; the other reads nothing), so no read runs on every call; and a `.item()` in one branch of `if`/`elif`/`else` whose other branches do not read it
import torch
from torch import nn


class BalancedBCELoss(nn.Module):
    def forward(self, pred: torch.Tensor, gt: torch.Tensor, mask: torch.Tensor, k: int) -> torch.Tensor:
        positive = (gt * mask).float()
        negative = ((1 - gt) * mask).float()
        if k == 0:
            negative_count = min(int(negative.sum()), 100)
        else:
            negative_count = k * 3
        if k > 10:
            scale = float(pred.mean().item())
        elif k > 5:
            scale = 2.0
        else:
            scale = float(pred.max().item())
        loss = nn.functional.binary_cross_entropy(pred, gt, reduction="none")
        neg, _ = torch.topk((loss * negative).view(-1), negative_count)
        return scale * (loss * positive).sum() + neg.sum()
