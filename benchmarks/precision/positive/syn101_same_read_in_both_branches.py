# expect: SYN101=3
# why: fresh16 M5: mmocr's BalancedBCELoss reads `int(negative.sum())` in both branches of a data-dependent `if`: one of the two runs on every call of `forward`, so both are per-step reads, with the first `int(positive.sum())`
import torch
from torch import nn


class BalancedBCELoss(nn.Module):
    def forward(self, pred: torch.Tensor, gt: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        positive = (gt * mask).float()
        negative = ((1 - gt) * mask).float()
        positive_count = int(positive.sum())
        if positive_count == 0:
            negative_count = min(int(negative.sum()), 100)
        else:
            negative_count = min(int(negative.sum()), positive_count * 3)
        loss = nn.functional.binary_cross_entropy(pred, gt, reduction="none")
        neg, _ = torch.topk((loss * negative).view(-1), negative_count)
        return (loss * positive).sum() / positive_count + neg.sum()
