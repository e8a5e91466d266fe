# expect: none
# targets: SYN101
# why: the same moving helpers called with a CPU device return host tensors: a loader's host batch moved to "cpu" and read per batch never syncs
import numpy as np
import torch
from torch.utils.data import DataLoader


def to_device(X: torch.Tensor, device: str) -> torch.Tensor:
    return X.to(device)


def as_device_tensor(x: np.ndarray, device: torch.device) -> torch.Tensor:
    return torch.as_tensor(x, device=device)


class Summary:
    def statistics(self, dataset) -> list[float]:
        out = []
        for data in DataLoader(dataset=dataset, batch_size=32):
            batch = to_device(data, "cpu")
            out.append(batch.max().item())
        return out


def scores(batches: list[np.ndarray]) -> list[float]:
    out = []
    for batch in batches:
        host = torch.from_numpy(batch)
        out.append(to_device(host, "cpu").sum().item())
        out.append(as_device_tensor(batch, torch.device("cpu")).max().item())
    return out
