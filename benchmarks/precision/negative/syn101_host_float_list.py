# expect: none
# targets: SYN101
# why: float() of Python numbers from an annotated list of floats
import torch


def smooth(values: list[float], beta: float = 0.9) -> list[float]:
    out, avg = [], 0.0
    for i, v in enumerate(values):
        avg = beta * avg + (1 - beta) * float(v)
        out.append(avg / (1 - beta ** (i + 1)))
    return out


def to_tensor(values: list[float]) -> torch.Tensor:
    return torch.tensor(smooth(values))
