# expect: none
# targets: SYN102
# why: a tensor's storage (`_typed_storage()`, `untyped_storage()`) is a host object: its
# `_size()` is an int, and comparing it with `size.numel()` gives a Python bool
# (torch.distributed.utils._alloc_storage, called per parameter by FSDP)
import torch


def alloc_storage(tensor: torch.Tensor, size: torch.Size) -> None:
    already_allocated = tensor._typed_storage()._size() == size.numel()
    if not already_allocated:
        tensor._typed_storage()._resize_(size.numel())


def unshard(params: list[torch.Tensor], size: torch.Size) -> None:
    for param in params:
        alloc_storage(param, size)
        if param.untyped_storage().size() == 0:
            continue
