# expect: SYN101=2
# why: two .cpu() copies per parameter sync; the dict item tested after is their CPU difference (no SYN102)
import torch


def compute_weight_diff(new: dict[str, torch.Tensor], old: dict[str, torch.Tensor]) -> dict:
    diff = {}
    for name in old:
        diff[name] = new[name].cpu() - old[name].cpu()
        if torch.any(torch.isnan(diff[name])):
            raise ValueError(f"NaN in {name}")
    return diff
