# expect: SYN101=1
# why: an `nn.Module`'s `forward` takes its input batch first: unannotated, `(x > self.threshold).squeeze(1).tolist()` still reads a tensor on every call (reported with lower confidence, as `x.sum().item()` already is) (eighth draw M4, asteroid's Binarize at binarize.py:36)
import torch
from torch import nn


class Binarize(nn.Module):
    def __init__(self, threshold: float = 0.5):
        super().__init__()
        self.threshold = threshold

    def forward(self, x):
        return (x > self.threshold).squeeze(1).tolist()
