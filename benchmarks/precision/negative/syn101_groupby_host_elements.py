# expect: none
# targets: SYN101
# why: look-alike of positive/syn101_groupby_device_elements.py: `groupby` over a list of Python ints (the labels a caller gives) yields Python ints, so `int(idx)` per element reads nothing from the device
from itertools import groupby

import torch
from torch import nn


class E2E(nn.Module):
    def __init__(self, char_list: list[str]) -> None:
        super().__init__()
        self.char_list = char_list
        self.out = nn.Linear(8, len(char_list))

    def forward(self, hs: torch.Tensor, y: list[int]) -> torch.Tensor:
        lpz = self.out(hs).log_softmax(-1)
        y_hat = [x[0] for x in groupby(y)]
        chars = []
        for idx in y_hat:
            idx = int(idx)
            if idx != 0:
                chars.append(self.char_list[idx])
        return lpz
