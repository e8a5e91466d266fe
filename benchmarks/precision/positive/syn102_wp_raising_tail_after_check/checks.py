# expect: SYN102=2
# why: the helper tests its argument (one finding there, one at the call in the loop); the count read after it only runs on the way to raise
import torch


def check_finite(name: str, t: torch.Tensor) -> None:
    if torch.isfinite(t).all():
        return
    bad = (~torch.isfinite(t)).sum().item()
    raise FloatingPointError(f"{name}: {bad} non-finite values")
