# expect: none
# targets: SYN101
# why: .item() of a CPU tensor built with torch.tensor (no device) does not sync
import torch


def label_frequencies(labels: list[int], num_classes: int) -> dict[int, float]:
    counts = torch.bincount(torch.tensor(labels), minlength=num_classes)
    total = max(len(labels), 1)
    freq = {}
    for c in range(num_classes):
        freq[c] = counts[c].item() / total
    return freq
