# expect-fix: none: whole tensors squared elementwise and added are per-element norms (SYN301 does not fire)
"""After transformers' openfold `rigid_utils`: `sqrt(x*x + y*y + z*z)` of coordinate tensors
written as `sum(c * c for c in e0)`. A float64 `vector_norm` of each `c` would turn the
per-element norms into one number."""
from __future__ import annotations

import torch


def naive(e0: list[torch.Tensor], eps: float) -> torch.Tensor:
    denom = torch.sqrt(sum(c * c for c in e0) + eps * torch.ones_like(e0[0]))
    return torch.stack([c / denom for c in e0])


def inputs() -> list[tuple[list[torch.Tensor], float]]:
    torch.manual_seed(41)
    return [(list(torch.randn(3, 5)), 1e-8)]
