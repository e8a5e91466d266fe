# expect-fix: unsafe
"""`torch.stack` of flattened, equally sized tensors: the per-tensor version no longer raises
for tensors of different sizes, so the fix is unsafe."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> float:
    flat = torch.stack([g.flatten() for g in grads])
    return flat.count_nonzero().item() / flat.numel()


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(17)
    return [([torch.randn(3, 4), torch.zeros(12), torch.randn(2, 6)],),
            ([torch.randn(5)],), ([torch.zeros(2, 2), torch.ones(4)],)]
