# expect: none
# targets: SYN104, SYN101
# why: `R[idx] + eye * jitter` with `eye = torch.eye(H)` (a 2-d CPU tensor) raises unless R is on the CPU too: R, and what cholesky_ex returns from it, are host tensors (neuralforecast's copula sampler)
import torch
from torch import Tensor


def positive_definite(R: Tensor) -> Tensor:
    eye = torch.eye(R.shape[-1])
    remaining = torch.ones(R.shape[0], dtype=torch.bool)
    for jitter in [1e-8, 1e-6, 1e-4]:
        rem_idx = remaining.nonzero(as_tuple=True)[0]
        L, info = torch.linalg.cholesky_ex(R[rem_idx] + eye * jitter)
        ok = rem_idx[info == 0]
        remaining[ok] = False
    return remaining


def shifted(x: Tensor, n: int) -> list[float]:
    offsets = torch.arange(x.shape[-1])
    out = []
    for _ in range(n):
        out.append((x + offsets).max().item())
    return out
