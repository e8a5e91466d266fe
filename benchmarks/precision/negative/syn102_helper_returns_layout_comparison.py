# expect: none
# targets: SYN102
# why: `x.stride(0) == 1 and x.stride(1) != 1` compares layout numbers, host ints whatever `x` is: the helper's result is a Python bool, and testing it reads nothing from the device (fresh14 F1, unsloth's fp8 `_is_transposed_view`)
import torch


def _is_transposed_view(x):
    return x.dim() == 2 and x.stride(0) == 1 and x.stride(1) != 1 and x.is_contiguous() is False


def dequant(x: torch.Tensor) -> torch.Tensor:
    x = x.cuda()
    transposed = _is_transposed_view(x)
    if transposed:
        x = x.t()
    return x.t() if transposed else x
