# expect: SYN202=1
# why: per-element moves inlined in torch.stack
import torch


def gather_layer_norms(per_device_norms: list[torch.Tensor], device: torch.device) -> torch.Tensor:
    return torch.stack([n.to(device) for n in per_device_norms]).max()
