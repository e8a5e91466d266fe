# expect: none
# targets: SYN102, SYN101
# why: a Dataset's __getitem__ runs in DataLoader workers on host tensors (nothing moved)
import torch
from torch.utils.data import Dataset


class WindowDataset(Dataset):
    def __init__(self, series: torch.Tensor, length: int):
        self.series = series
        self.length = length

    def _window(self, idx: int) -> dict[str, torch.Tensor]:
        return {"target": self.series[idx : idx + self.length]}

    def __getitem__(self, idx: int) -> tuple[torch.Tensor, torch.Tensor]:
        data = self._window(idx)
        past = data["target"]
        scale = past[~torch.isnan(past)].abs().mean()
        if torch.isnan(scale) or scale == 0:
            scale = torch.tensor(1.0)
        peaks = [float(v) for v in past.max(dim=-1).values]
        return past / scale, torch.tensor(peaks)
