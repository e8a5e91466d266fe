# expect: SYN102=1
# why: the helper's finiteness test syncs on every call in the loop; the count read after it only runs on the way to raise
import torch


def check_finite(name: str, t: torch.Tensor) -> None:
    if torch.isfinite(t).all():
        return
    bad = (~torch.isfinite(t)).sum().item()
    raise FloatingPointError(f"{name}: {bad} non-finite values")
