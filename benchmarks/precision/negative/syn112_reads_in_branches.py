# expect: none
# targets: SYN112
# why: one read on each side of a host branch: only one of them runs
import torch


def monitored_value(training: bool, loss: torch.Tensor, acc: torch.Tensor) -> float:
    if training:
        value = loss.item()
    else:
        value = acc.item()
    return value
