# expect: SYN101=1
# why: issue 22, fresh17 M2 (espnet1's multi-speaker E2E.forward): `itertools.groupby` over a device tensor yields its elements (0-d device tensors) as keys, so `int(idx)` of each collapsed CTC label is a sync per element, on every forward that computes the CER
from itertools import groupby

import torch
from torch import nn


class E2E(nn.Module):
    def __init__(self, char_list: list[str]) -> None:
        super().__init__()
        self.char_list = char_list
        self.out = nn.Linear(8, len(char_list))

    def forward(self, hs: torch.Tensor) -> torch.Tensor:
        lpz = self.out(hs).log_softmax(-1)
        y = lpz[0].argmax(dim=-1)
        y_hat = [x[0] for x in groupby(y)]
        chars = []
        for idx in y_hat:
            idx = int(idx)
            if idx != 0:
                chars.append(self.char_list[idx])
        return lpz
