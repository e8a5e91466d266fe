# expect: none
# targets: SYN102
# why: torch.<backend>.device_count() returns a Python int on every backend
import torch


def pick_world_size(backend: str) -> int:
    if backend == "npu" and torch.npu.device_count() > 1:
        return torch.npu.device_count()
    if backend == "mlu" and torch.mlu.device_count() > 1:
        return torch.mlu.device_count()
    if torch.musa.device_count() or torch.hpu.device_count():
        return 1
    return max(torch.cuda.device_count(), 1)
