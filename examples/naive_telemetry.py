"""Naive training telemetry, as it is commonly written: the code synclint flags.

Each function is one pattern from the seed tickets. `synclint.telemetry` holds the
fixed versions; `examples/demo.py` runs both and compares them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import torch
from torch import nn


@dataclass
class NumericalStabilityReport:
    nan_weights: list[str] = field(default_factory=list)
    inf_weights: list[str] = field(default_factory=list)
    nan_grads: list[str] = field(default_factory=list)
    inf_grads: list[str] = field(default_factory=list)


def check_numerical_stability(model: nn.Module) -> NumericalStabilityReport:
    """Per-parameter NaN/Inf checks: four syncs per parameter (seed B7-PT-02)."""
    report = NumericalStabilityReport()
    for name, param in model.named_parameters():
        if torch.isnan(param.data).any():
            report.nan_weights.append(name)
        if torch.isinf(param.data).any():
            report.inf_weights.append(name)
        if param.grad is not None:
            if torch.isnan(param.grad).any():
                report.nan_grads.append(name)
            if torch.isinf(param.grad).any():
                report.inf_grads.append(name)
    return report


def grad_norm(model: nn.Module) -> float | None:
    """Float32 squared-sum gradient norm: overflows to inf above ~1.8e19 (seed B7-PT-01)."""
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    if not grads:
        return None
    total_sq = sum((g.float() * g.float()).sum() for g in grads)
    return float(total_sq.sqrt().item())


def gradient_stats(grads: list[torch.Tensor]) -> dict[str, float]:
    """Flatten every gradient into one tensor, then reduce it: O(total) memory (seed B7-PT-03)."""
    all_grads_flat = torch.cat([g.view(-1) for g in grads])
    numel = all_grads_flat.numel()
    return {
        "nan_count": torch.isnan(all_grads_flat).sum().item(),
        "inf_count": torch.isinf(all_grads_flat).sum().item(),
        "zero_fraction": (all_grads_flat == 0).sum().item() / numel,
        "norm": all_grads_flat.float().norm().item(),
        "min": all_grads_flat.min().item(),
        "max": all_grads_flat.max().item(),
        "numel": numel,
    }


def per_layer_grad_norms(model: nn.Module) -> dict[str, float]:
    """One `.item()` per parameter: a sync in every iteration of the loop."""
    stats: dict[str, float] = {}
    for name, p in model.named_parameters():
        if p.grad is not None:
            stats[name] = p.grad.norm().item()
    return stats
