# expect: SYN109=1
# why: storing a device tensor through a boolean mask needs the mask's count on the host
import torch


def replace_nonfinite(x: torch.Tensor, fallback: torch.Tensor) -> torch.Tensor:
    bad = ~torch.isfinite(x)
    x[bad] = fallback[bad]
    return x
