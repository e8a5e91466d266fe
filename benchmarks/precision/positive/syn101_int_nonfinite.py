# expect: SYN101=1
# why: int() of a per-parameter count inside the loop
import torch
from torch import nn


def nonfinite_report(model: nn.Module) -> dict[str, int]:
    report = {}
    for name, p in model.named_parameters():
        if p.grad is not None:
            bad = (~torch.isfinite(p.grad)).sum()
            report[name] = int(bad)
    return report
