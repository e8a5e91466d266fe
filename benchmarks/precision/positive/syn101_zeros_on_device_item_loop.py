# expect: SYN101=1
# why: a buffer made with device=x.device lives next to x: `.item()` per element syncs every iteration
import torch


def per_class_counts(labels: torch.Tensor, num_classes: int) -> list[int]:
    counts = torch.zeros(num_classes, dtype=torch.long, device=labels.device)
    counts.scatter_add_(0, labels, torch.ones_like(labels))
    result = []
    for c in range(num_classes):
        result.append(counts[c].item())
    return result
