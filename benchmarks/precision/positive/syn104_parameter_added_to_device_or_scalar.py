# expect: SYN104=2, SYN101=2
# why: the look-alike: the identity built on R's device, or a 0-d CPU tensor (which broadcasts to any device), proves nothing: R stays a device tensor and the loop reads it per try
import torch
from torch import Tensor


def positive_definite(R: Tensor) -> Tensor:
    eye = torch.eye(R.shape[-1], device=R.device)
    remaining = torch.ones(R.shape[0], dtype=torch.bool, device=R.device)
    for jitter in [1e-8, 1e-6, 1e-4]:
        rem_idx = remaining.nonzero(as_tuple=True)[0]
        L, info = torch.linalg.cholesky_ex(R[rem_idx] + eye * jitter)
        ok = rem_idx[info == 0]
        remaining[ok] = False
    return remaining


def shifted(x: Tensor, n: int) -> list[float]:
    offset = torch.tensor(0.5)
    out = []
    for _ in range(n):
        out.append((x + offset).max().item())
        out.append((x * torch.ones(())).sum().item())
    return out
