# expect: SYN101=1
# why: inside isinstance(v, torch.Tensor) the value is a tensor: .item() syncs per metric
import torch


def to_python(logs: dict) -> dict:
    for key, value in logs.items():
        if isinstance(value, torch.Tensor) and value.numel() == 1:
            logs[key] = value.item()
    return logs
