# expect-fix: safe
# max-syncs: 2
"""Per-component values of a dict-valued loss (reduced from sentence-transformers'
CachedSpladeLoss, `{key: value.detach().item() for key, value in base_loss.items()}`):
read with one transfer where the components share a dtype and device, one `.item()` each
where they do not (an int64 count keeps its int next to float losses); keys and their
order stay."""
from __future__ import annotations

import torch


def naive(base_loss: dict[str, torch.Tensor]) -> tuple[dict[str, object], torch.Tensor]:
    component_values = {key: value.detach().item() for key, value in base_loss.items()}
    total_loss = sum(base_loss.values())
    return component_values, total_loss  # type: ignore[return-value]


def inputs() -> list[tuple[dict[str, torch.Tensor]]]:
    return [({"base": torch.tensor(0.75, requires_grad=True), "flops": torch.tensor(0.125)},),
            ({"ce": torch.tensor([2.5]), "count": torch.tensor(3)},),
            ({"half": torch.tensor(0.1).half(), "full": torch.tensor(0.2)},),
            ({"only": torch.tensor(float("nan"))},),
            ({},)]


def edge_inputs() -> list[tuple[dict[str, torch.Tensor]]]:
    # A component of two values: `.item()` raises, and so does the fix's `.view(())`.
    return [({"a": torch.tensor(1.0), "b": torch.tensor([1.0, 2.0])},)]
