# expect: SYN101=1, SYN102=1
# why: checkpoints loaded onto the GPU (map_location="cuda"): each comparison's any() and each step's .item() sync, once per file
import torch


def merge_state_dicts(paths: list[str]) -> dict[str, torch.Tensor]:
    merged: dict[str, torch.Tensor] = {}
    for path in paths:
        state_dict = torch.load(path, map_location="cuda", weights_only=True)
        for k, v in merged.items():
            if (v != state_dict[k]).any():
                raise ValueError(f"{k} differs in {path}")
        merged.update(state_dict)
    return merged


def count_steps(paths: list[str]) -> list[int]:
    steps = []
    for path in paths:
        checkpoint = torch.load(path, map_location="cuda")
        steps.append(int(checkpoint["step"].item()))
    return steps
