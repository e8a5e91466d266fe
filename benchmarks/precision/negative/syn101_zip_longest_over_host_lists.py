# expect: none
# targets: SYN101
# why: `zip_longest` over Python lists and NumPy arrays yields host values (or the fill value): their `.tolist()` and `.item()` read nothing from a device
from itertools import zip_longest

import numpy as np
import torch
from torch import nn


class Tokenizer(nn.Module):
    def forward(self, seq: torch.Tensor, spans: list[np.ndarray], names: list[str]) -> list[object]:
        out: list[object] = []
        for span, name in zip_longest(spans, names, fillvalue=None):
            if span is not None:
                out.append((name, span.tolist(), span.max().item()))
        return out
