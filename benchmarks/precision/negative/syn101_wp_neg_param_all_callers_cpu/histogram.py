# expect: none
# targets: SYN101
# why: a public torch.Tensor parameter that every caller in the project fills with a CPU tensor
import torch


def histogram_counts(values: torch.Tensor, bins: int) -> list[int]:
    counts = torch.histc(values.float(), bins=bins)
    return [int(c) for c in counts]
