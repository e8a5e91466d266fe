# expect: none
# targets: SYN102
# why: grad_fn, is_sparse and hasattr tests are metadata
import torch


def describe(t: torch.Tensor) -> str:
    parts = []
    if t.grad_fn is not None:
        parts.append(type(t.grad_fn).__name__)
    if t.is_sparse:
        parts.append("sparse")
    if hasattr(torch, "compile") and t.is_contiguous():
        parts.append("contiguous")
    return ",".join(parts)
