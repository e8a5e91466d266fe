# expect: SYN101=1
# why: to_scalar() reads each tensor of the list comprehension on the host
import torch

from pkg.conv import to_scalar


def losses_to_floats(losses: list[torch.Tensor]) -> list[float]:
    return [to_scalar(loss) for loss in losses]
