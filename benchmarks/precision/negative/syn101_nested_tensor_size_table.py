# expect: none
# targets: SYN101
# why: a nested tensor's size table (`_nested_tensor_size()`) and strides are CPU tensors whatever the device of the nested tensor: comparing their rows reads nothing from the GPU
import torch


def same_row_sizes(x: torch.Tensor) -> bool:
    sizes = x._nested_tensor_size()
    strides = x._nested_tensor_strides()
    for a, b in zip(sizes[0, 1:], sizes.t()[1:]):
        if not torch.equal(a.expand_as(b), b):
            return False
    return all(int(s[-1]) == 1 for s in strides)
