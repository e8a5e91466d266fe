# expect: SYN108=1
# why: max() over a 1-D loss tensor iterates its elements and compares each pair on the host
import torch
import torch.nn.functional as F


def worst_sample_loss(logits: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
    per_sample = F.cross_entropy(logits, labels, reduction="none")
    return max(per_sample)
