# expect: none
# targets: SYN102, SYN101
# why: state dicts loaded with map_location="cpu" or torch.device("cpu") hold CPU tensors: comparing them reads nothing from a GPU
import torch


def check_same_keys(reference: str, paths: list[str]) -> None:
    first = torch.load(reference, map_location=torch.device("cpu"), weights_only=True)
    for path in paths:
        state_dict = torch.load(path, map_location=torch.device("cpu"), weights_only=True)
        for k, v in first.items():
            if (v != state_dict[k]).any():
                raise ValueError(f"{k} differs in {path}")


def count_steps(paths: list[str]) -> list[int]:
    steps = []
    for path in paths:
        checkpoint = torch.load(path, map_location="cpu")
        steps.append(int(checkpoint["step"].item()))
    return steps
