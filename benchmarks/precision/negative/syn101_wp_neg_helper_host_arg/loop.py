# expect: none
# targets: SYN101
# why: scalar() of len(batch), a host int, in the loop: no tensor is read
import torch

from helpers import scalar


def batch_sizes(loader) -> list[float]:
    sizes = []
    for batch in loader:
        sizes.append(scalar(len(batch)))
    return sizes
