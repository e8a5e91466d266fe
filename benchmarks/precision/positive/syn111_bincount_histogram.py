# expect: SYN111=1
# why: bincount's length is max+1 of the data; the histogram is then read on the host
import torch


def label_histogram(preds: torch.Tensor) -> dict[int, int]:
    counts = torch.bincount(preds)
    return dict(enumerate(counts.tolist()))
