# expect: none
# targets: SYN102
# why: dtype, device.type, dim() and ndim comparisons never touch tensor values
import torch


def to_compute_dtype(x: torch.Tensor) -> torch.Tensor:
    if x.dtype == torch.float16 and x.device.type == "cpu":
        x = x.float()
    if x.dim() == 0:
        x = x.unsqueeze(0)
    if x.ndim > 2:
        x = x.flatten(0, -2)
    return x
