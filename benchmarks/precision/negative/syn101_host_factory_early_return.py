# expect: none
# targets: SYN101
# why: a helper returns a device-less torch.ones() (a CPU tensor) on one path and a comparison of its argument on the other; its caller passes rows of a checkpoint loaded with map_location="cpu", so both paths give CPU tensors and live.sum().item() reads the host
from __future__ import annotations

import torch


def find_live_rows(weight: torch.Tensor, threshold: float) -> torch.Tensor:
    row_max = weight.abs().amax(dim=1)
    median = row_max.median().item()
    if median == 0.0:
        return torch.ones(weight.shape[0], dtype=torch.bool)
    return row_max >= threshold * median


def condense_model(input_path: str, threshold: float = 1e-6) -> list[int]:
    checkpoint = torch.load(input_path, map_location="cpu", weights_only=True)
    state = checkpoint["model"]
    kept = []
    for i in range(3):
        live = find_live_rows(state[f"output_layers.{i}.weight"], threshold)
        kept.append(int(live.sum().item()))
    return kept
