# expect: SYN110=1
# why: torch.is_nonzero reads a device value on the host
import torch


def should_stop(done: torch.Tensor) -> bool:
    flag = done.any()
    return torch.is_nonzero(flag)
