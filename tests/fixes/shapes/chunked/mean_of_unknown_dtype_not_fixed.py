# expect-fix: none: the pieces' dtype is not known: a float16 piece's sum would overflow
"""`torch.cat([...]).mean()` of gradients of any dtype: torch accumulates a float16 mean in
float32 (70000 ones average to 1.0), a float16 piece's own sum overflows: no fix."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> float:
    return torch.cat([g.view(-1) for g in grads]).mean().item()


def inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.ones(70000, dtype=torch.float16)],)]
