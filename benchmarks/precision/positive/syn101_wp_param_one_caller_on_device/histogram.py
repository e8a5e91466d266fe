# expect: SYN101=1
# why: one caller passes a device tensor, so the helper's int() per bin is a sync per bin
import torch


def histogram_counts(values: torch.Tensor, bins: int) -> list[int]:
    counts = torch.histc(values.float(), bins=bins)
    return [int(c) for c in counts]
