# expect: SYN101=2, SYN104=1
# why: the same loader passed through accelerator.prepare may yield device tensors
import torch
from accelerate import Accelerator
from torch.utils.data import DataLoader, Dataset


def as_tensor(data) -> tuple[torch.Tensor, type]:
    return data if isinstance(data, torch.Tensor) else torch.as_tensor(data), type(data)


class Summary:
    def __init__(self, dataset: Dataset, accelerator: Accelerator):
        self.data_loader = DataLoader(dataset, batch_size=1)
        self.data_loader = accelerator.prepare(self.data_loader)

    def statistics(self, threshold: float = 0.0) -> tuple[float, float]:
        highs, lows = [], []
        for image, label in self.data_loader:
            image, _ = as_tensor(image)
            label, _ = as_tensor(label)
            foreground = image[torch.where(label > threshold)]
            highs.append(foreground.max().item())
            lows.append(foreground.min().item())
        return max(highs), min(lows)
