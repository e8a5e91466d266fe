# expect: SYN102=4
# why: seed B7-PT-02: four tensor conditions per parameter in the debug NaN/Inf check
import torch
from torch import nn


def check_numerical_stability(model: nn.Module) -> dict[str, list[str]]:
    nan_weights, inf_weights, nan_grads, inf_grads = [], [], [], []
    for name, param in model.named_parameters():
        if torch.isnan(param.data).any():
            nan_weights.append(name)
        if torch.isinf(param.data).any():
            inf_weights.append(name)
        if param.grad is not None:
            if torch.isnan(param.grad).any():
                nan_grads.append(name)
            if torch.isinf(param.grad).any():
                inf_grads.append(name)
    return {"nan_weights": nan_weights, "inf_weights": inf_weights,
            "nan_grads": nan_grads, "inf_grads": inf_grads}
