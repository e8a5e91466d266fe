# expect: SYN101=1
# why: fresh17 M5: espnet2's OWSM-CTC `forward` branches on an element of a list-valued setting (`if self.ctc_asr_only[-1]:`, default `[False]`): the test reads a setting, not data, so the default branch's `.item()` runs on every step and is reported; the other branch runs only with `ctc_asr_only=[True]` (opt-in)
from typing import List

import torch
from torch import nn


class S2TCTCModel(nn.Module):
    def __init__(self, ctc_asr_only: List[bool] = [False]) -> None:
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.ctc_asr_only = ctc_asr_only

    def forward(self, x: torch.Tensor, text: torch.Tensor, text_ctc: torch.Tensor) -> torch.Tensor:
        if self.ctc_asr_only[-1]:
            n = text_ctc.sum().item()
        else:
            n = text.sum().item()
        return self.lin(x).sum() / n
