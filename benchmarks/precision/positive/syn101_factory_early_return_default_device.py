# expect: SYN101=1
# why: with torch.set_default_device("cuda") in the file, the helper's device-less torch.ones() is made on the GPU: the returned mask may be on the device, and .item() in the loop syncs
from __future__ import annotations

import torch

torch.set_default_device("cuda")


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
        live = find_live_rows(state[f"output_layers.{i}.weight"], threshold)
        kept.append(int(live.sum().item()))
    return kept
