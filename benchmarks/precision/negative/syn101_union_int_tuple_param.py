# expect: none
# targets: SYN101, SYN102
# why: Union[int, Tuple[int, int]] and Optional[Tuple[int, ...]] hold Python ints
from typing import Optional, Tuple, Union

import torch


def output_sizes(
    sizes: list[int],
    kernel_size: Union[int, Tuple[int, int]],
    padding: Optional[Tuple[int, ...]] = None,
) -> list[int]:
    k = kernel_size if isinstance(kernel_size, int) else kernel_size[0]
    out = []
    for size in sizes:
        pad = int(padding[0]) if padding is not None else 0
        if size + 2 * pad < k:
            continue
        out.append(int(size + 2 * pad - k) + 1)
    return out
