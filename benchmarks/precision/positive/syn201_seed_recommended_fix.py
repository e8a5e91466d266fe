# expect: SYN201=1, SYN112=1
# why: seed B7-PT-02's first proposal: append views in a loop, cat, reduce (O(total) memory)
import torch
from torch import nn


def check_numerical_stability(model: nn.Module) -> tuple[bool, bool]:
    all_tensors = []
    for name, param in model.named_parameters():
        all_tensors.append(param.data.view(-1))
        if param.grad is not None:
            all_tensors.append(param.grad.view(-1))
    if all_tensors:
        combined = torch.cat(all_tensors)
        has_nan = torch.isnan(combined).any().item()
        has_inf = torch.isinf(combined).any().item()
    else:
        has_nan = has_inf = False
    return has_nan, has_inf
