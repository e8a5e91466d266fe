# expect: SYN101=1, SYN102=1
# why: the CPU copy stored first is replaced by a device tensor before the test
import torch


def compute_weight_diff(new: dict[str, torch.Tensor], old: dict[str, torch.Tensor]) -> dict:
    diff = {}
    for name in old:
        diff[name] = old[name].cpu()
        diff[name] = new[name] - old[name]
        if torch.any(torch.isnan(diff[name])):
            raise ValueError(f"NaN in {name}")
    return diff
