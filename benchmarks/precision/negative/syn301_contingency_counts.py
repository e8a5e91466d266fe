# expect: none
# targets: SYN301
# why: squared sums of an integer contingency matrix (pair counts for a Rand index) are not norms
import torch


def pair_counts(preds: torch.Tensor, target: torch.Tensor, num_classes: int) -> torch.Tensor:
    contingency = torch.bincount(
        target * num_classes + preds, minlength=num_classes * num_classes
    ).reshape(num_classes, num_classes)
    sum_squares = (contingency ** 2).sum()
    rows = contingency.sum(dim=1)
    cols = contingency.sum(dim=0)
    return sum_squares, (rows * rows).sum(), cols.pow(2).sum()
