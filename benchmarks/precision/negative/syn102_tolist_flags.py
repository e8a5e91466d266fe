# expect: none
# targets: SYN102
# why: conditions on a Python list produced by one .tolist()
import torch


def nan_layers(names: list[str], grads: list[torch.Tensor]) -> list[str]:
    flags = torch.stack([torch.isnan(g).any() for g in grads]).tolist()
    bad = []
    for name, flag in zip(names, flags):
        if flag:
            bad.append(name)
    return bad
