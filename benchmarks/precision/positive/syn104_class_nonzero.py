# expect: SYN104=1
# why: nonzero() per class: output size depends on the data, one sync per class
import torch


def class_indices(labels: torch.Tensor, num_classes: int) -> list[torch.Tensor]:
    out = []
    for c in range(num_classes):
        idx = (labels == c).nonzero().squeeze(1)
        out.append(idx)
    return out
