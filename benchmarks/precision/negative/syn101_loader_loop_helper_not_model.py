# expect: none
# targets: SYN101
# why: the loop over a host DataLoader calls only a plain helper function (no model, no module method), so its results stay host tensors
import torch
from torch.utils.data import DataLoader


def normalise(batch: torch.Tensor) -> torch.Tensor:
    return (batch - batch.mean()) / batch.std().clamp(min=1e-6)


class Stats:
    def collect(self, dataset, batch_size: int = 64) -> list[float]:
        loader = DataLoader(dataset, batch_size=batch_size)
        maxima = []
        for batch in loader:
            maxima.append(normalise(batch).max().item())
        return maxima
