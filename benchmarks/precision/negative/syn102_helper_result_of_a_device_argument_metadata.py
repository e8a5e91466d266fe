# expect: none
# targets: SYN102
# why: helpers of an unannotated parameter that return its metadata, a string or a Python list: called with a device tensor, their results are host values (the look-alike of `if fast_all(mask)`)
import torch


def dtype_of(tensor):
    return tensor.dtype


def rows(tensor):
    return tensor.shape[0]


def described(tensor):
    return str(tensor.device)


def skip(mask: torch.Tensor) -> bool:
    if dtype_of(mask) == torch.bool and rows(mask) > 1:
        return True
    if described(mask):
        return False
    return True
