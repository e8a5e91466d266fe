# expect: SYN101=2
# why: the same helper shape where the early return is made on the GPU (device="cuda"), and the host-factory helper given weights that may be on the device: either way the returned mask may be on the device, and .item() in the loop syncs
from __future__ import annotations

import torch


def find_live_rows_cuda(weight: torch.Tensor, threshold: float) -> torch.Tensor:
    row_max = weight.abs().amax(dim=1)
    if threshold == 0.0:
        return torch.ones(weight.shape[0], dtype=torch.bool, device="cuda")
    return row_max >= threshold


def find_live_rows(weight: torch.Tensor, threshold: float) -> torch.Tensor:
    row_max = weight.abs().amax(dim=1)
    if threshold == 0.0:
        return torch.ones(weight.shape[0], dtype=torch.bool)
    return row_max >= threshold


def condense_model(input_path: str, threshold: float = 1e-6) -> list[int]:
    checkpoint = torch.load(input_path, map_location="cpu", weights_only=True)
    state = checkpoint["model"]
    kept = []
    for i in range(3):
        live = find_live_rows_cuda(state[f"output_layers.{i}.weight"], threshold)
        kept.append(int(live.sum().item()))
    return kept


def condense_weights(weights: list[torch.Tensor], threshold: float = 1e-6) -> list[int]:
    kept = []
    for weight in weights:
        live = find_live_rows(weight, threshold)
        kept.append(int(live.sum().item()))
    return kept
