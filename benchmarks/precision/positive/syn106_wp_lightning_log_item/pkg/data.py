import torch
from torch.utils.data import DataLoader, TensorDataset


def make_loader(n: int = 64) -> DataLoader:
    x = torch.randn(n, 8)
    y = torch.randint(0, 2, (n,))
    return DataLoader(TensorDataset(x, y), batch_size=8)
