# expect: none
# targets: SYN101, SYN104
# why: a DataLoader built in the class, iterated with no move to a device: host tensors
import torch
from torch.utils.data import DataLoader, Dataset


def as_tensor(data) -> tuple[torch.Tensor, type]:
    return data if isinstance(data, torch.Tensor) else torch.as_tensor(data), type(data)


class Summary:
    def __init__(self, dataset: Dataset, num_workers: int = 0):
        self.data_loader = DataLoader(dataset, batch_size=1, num_workers=num_workers)

    def statistics(self, threshold: float = 0.0) -> tuple[float, float]:
        highs, lows = [], []
        for image, label in self.data_loader:
            image, _ = as_tensor(image)
            label, _ = as_tensor(label)
            foreground = image[torch.where(label > threshold)]
            highs.append(foreground.max().item())
            lows.append(foreground.min().item())
        return max(highs), min(lows)
