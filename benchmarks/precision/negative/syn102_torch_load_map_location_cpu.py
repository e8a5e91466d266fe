# expect: none
# targets: SYN102, SYN101
# why: state dicts loaded with map_location="cpu" or torch.device("cpu") hold CPU tensors: comparing them reads nothing from a GPU
import torch


def merge_state_dicts(paths: list[str]) -> dict[str, torch.Tensor]:
    merged: dict[str, torch.Tensor] = {}
    for path in paths:
        state_dict = torch.load(path, map_location=torch.device("cpu"), weights_only=True)
        for k, v in merged.items():
            if (v != state_dict[k]).any():
                raise ValueError(f"{k} differs in {path}")
        merged.update(state_dict)
    return merged


def count_steps(paths: list[str]) -> list[int]:
    steps = []
    for path in paths:
        checkpoint = torch.load(path, map_location="cpu")
        steps.append(int(checkpoint["step"].item()))
    return steps
