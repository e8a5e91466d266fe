# expect-fix: unsafe
"""Reductions under `if enhanced:`: on an empty list `torch.cat` raised even when they did not
run, the per-tensor version does not raise then, so the fix is unsafe."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor], enhanced: bool) -> dict[str, float]:
    flat = torch.cat([g.float().view(-1) for g in grads])
    stats = {"numel": flat.numel()}
    if enhanced:
        stats["inf_count"] = torch.isinf(flat).sum().item()
        stats["abs_mean"] = flat.abs().mean().item()
    return stats


def inputs() -> list[tuple[list[torch.Tensor], bool]]:
    torch.manual_seed(18)
    grads = [torch.randn(6, 6), torch.tensor([float("inf"), 0.0])]
    return [(grads, True), (grads, False), ([torch.rand(10)], True)]


def edge_inputs() -> list[tuple[list[torch.Tensor], bool]]:
    # On an empty list the join raised; the reductions under `if` do not run.
    return [([], False)]
