# expect: none
# targets: SYN101
# why: float() of optimizer hyper-parameters (Python numbers) in a loop
import torch


def current_lrs(optimizer: torch.optim.Optimizer) -> list[float]:
    lrs = []
    for group in optimizer.param_groups:
        lrs.append(float(group["lr"]))
    return lrs
