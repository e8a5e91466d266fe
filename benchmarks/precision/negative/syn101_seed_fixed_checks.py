# expect: none
# targets: SYN101, SYN102
# why: seed B7-PT-02's fix: checks collected on device, one .cpu(), branches on a host tensor
import torch
from torch import nn


def check_numerical_stability(model: nn.Module) -> list[str]:
    names, nan_checks, inf_checks = [], [], []
    for name, param in model.named_parameters():
        names.append(name)
        nan_checks.append(torch.isnan(param.data).any())
        inf_checks.append(torch.isinf(param.data).any())
    if not names:
        return []
    all_checks = torch.stack([torch.stack(nan_checks), torch.stack(inf_checks)]).cpu()
    bad = []
    for i, name in enumerate(names):
        if all_checks[0, i] or all_checks[1, i]:
            bad.append(name)
    return bad
