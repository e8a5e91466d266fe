# expect: SYN101=3
# why: named-tuple fields of sort / mode / kthvalue results read with int() per batch
import torch


def batch_statistics(loader, device: torch.device) -> list[tuple[int, int, int]]:
    stats = []
    for batch in loader:
        labels = batch["labels"].to(device)
        ordered = torch.sort(labels, descending=True)
        most_common = labels.mode()
        median = torch.kthvalue(labels, max(1, labels.numel() // 2))
        stats.append((int(ordered.values[0]), int(most_common.values), int(median.indices)))
    return stats
