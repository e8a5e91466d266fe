# expect: SYN102=1
# why: a __getitem__ that moves its sample to the GPU tests a GPU tensor: still a sync
import torch
from torch.utils.data import Dataset


class GpuCachedDataset(Dataset):
    def __init__(self, series: torch.Tensor, length: int):
        self.series = series
        self.length = length

    def __getitem__(self, idx: int) -> torch.Tensor:
        past = self.series[idx : idx + self.length].cuda()
        scale = past.abs().mean()
        if torch.isnan(scale):
            return past
        return past / scale
