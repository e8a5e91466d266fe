# expect: SYN102=1
# why: the dict item tested was stored from device tensors: one sync per parameter
import torch


def compute_weight_diff(new: dict[str, torch.Tensor], old: dict[str, torch.Tensor]) -> dict:
    diff = {}
    for name in old:
        diff[name] = new[name] - old[name]
        if torch.any(torch.isnan(diff[name])):
            raise ValueError(f"NaN in {name}")
    return diff
