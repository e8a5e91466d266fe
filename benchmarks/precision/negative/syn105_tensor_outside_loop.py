# expect: none
# targets: SYN105
# why: the host list is copied to the device once, before the loop
import torch


def weighted_losses(per_class: list[torch.Tensor], class_weights: list[float], device):
    weights = torch.tensor(class_weights, device=device)
    out = []
    for i, loss in enumerate(per_class):
        out.append(loss * weights[i])
    return torch.stack(out).sum()
