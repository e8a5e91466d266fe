# expect: none
# targets: SYN102, SYN101
# why: torch.broadcast_shapes returns a torch.Size of Python ints
import torch


def expand_all(tensors: list[torch.Tensor]) -> list[torch.Tensor]:
    shape = torch.broadcast_shapes(*(t.shape for t in tensors))
    for dim, size in enumerate(shape):
        if size > 1 and int(shape[dim]) % 8:
            print(f"dim {dim} of size {size} is not a multiple of 8")
    return [t.expand(shape) for t in tensors]
