# expect-fix: unsafe
"""Several named reductions of one flat tensor: a zero ratio as a mean, min, max, numel."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> dict[str, float]:
    flat = torch.cat([g.flatten() for g in grads])
    return {
        "nan_count": torch.isnan(flat).sum().item(),
        "zero_ratio": (flat == 0).float().mean().item(),
        "norm": flat.norm().item(),
        "min": flat.min().item(),
        "max": flat.max().item(),
        "numel": flat.numel(),
    }


def reference(grads: list[torch.Tensor]) -> dict[str, float]:
    return {"norm": sum(float((g.double() ** 2).sum()) for g in grads) ** 0.5}


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(13)
    grads = [torch.randn(32, 8), torch.randn(100), torch.zeros(5, 2)]
    poisoned = [g.clone() for g in grads]
    poisoned[1][4] = float("nan")
    return [(grads,), (poisoned,), ([g * 1e20 for g in grads],), ([torch.randn(1)],), ([],),
            ([torch.randn(3), torch.empty(0)],), ([torch.randn(4).half(), torch.randn(4)],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    # `torch.cat` promotes the integer piece; `vector_norm(..., dtype=torch.float64)` raises.
    return [([torch.arange(4), torch.randn(4)],)]
