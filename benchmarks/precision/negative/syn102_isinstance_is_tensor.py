# expect: none
# targets: SYN102, SYN105
# why: isinstance / torch.is_tensor tests are host type checks
import torch


def move_batch(batch: dict, device: torch.device) -> dict:
    out = {}
    for key, value in batch.items():
        if isinstance(value, torch.Tensor):
            out[key] = value.to(device, non_blocking=True)
        elif torch.is_tensor(value):
            out[key] = value
        else:
            out[key] = value
    return out
