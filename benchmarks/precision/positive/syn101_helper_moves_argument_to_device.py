# expect: SYN101=3
# why: helpers that move their argument (`X.to(device=d)`, `torch.as_tensor(x, device=d)`, `x.to(d)`) return it on the device passed, not where the argument was: a host batch comes back on the GPU
import numpy as np
import torch


def put(X: torch.Tensor, device: torch.device) -> torch.Tensor:
    return X.to(device=device)


def as_device_tensor(x: np.ndarray, device: torch.device) -> torch.Tensor:
    return torch.as_tensor(x, device=device)


def move(X: torch.Tensor, device) -> torch.Tensor:
    return X.to(device)


def scores(batches: list[np.ndarray], device: torch.device) -> list[float]:
    out = []
    for batch in batches:
        host = torch.from_numpy(batch)
        out.append(put(host, device).sum().item())
        out.append(as_device_tensor(batch, device).max().item())
        out.append(float(move(host, device).mean()))
    return out
