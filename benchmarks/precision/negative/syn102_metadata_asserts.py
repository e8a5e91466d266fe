# expect: none
# targets: SYN102
# why: asserts on shapes, dtypes and contiguity
import torch


def fused_add(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    assert a.shape == b.shape, (a.shape, b.shape)
    assert a.dtype == torch.float32
    assert a.is_contiguous() and b.is_contiguous()
    return a.add_(b)
