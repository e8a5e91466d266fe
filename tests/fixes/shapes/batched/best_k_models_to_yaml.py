# expect-fix: safe
# max-syncs: 2
"""Checkpoint scores to plain Python before writing YAML (reduced from Lightning's
`ModelCheckpoint.to_yaml`): a dict comprehension reads every score."""
from __future__ import annotations

import torch


def naive(best_k_models: dict[str, torch.Tensor]) -> dict[str, float]:
    return {k: v.item() for k, v in best_k_models.items()}


def inputs() -> list[tuple[dict[str, torch.Tensor]]]:
    torch.manual_seed(71)
    return [({f"epoch={i}.ckpt": torch.rand(()) for i in range(3)},),
            ({"a.ckpt": torch.tensor(float("nan")), "b.ckpt": torch.tensor(float("inf"))},),
            ({},), ({"only.ckpt": torch.tensor([0.25])},),
            ({"int.ckpt": torch.tensor(2**40 + 1), "bool.ckpt": torch.tensor(True)},),
            ({"half.ckpt": torch.tensor(0.1, dtype=torch.float16),
              "float.ckpt": torch.tensor(0.1)},)]


def edge_inputs() -> list[tuple[dict[str, torch.Tensor]]]:
    return [({"two.ckpt": torch.tensor([1.0, 2.0])},), ({"none.ckpt": torch.empty(0)},)]
