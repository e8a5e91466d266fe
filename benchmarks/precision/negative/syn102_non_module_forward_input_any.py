# expect: none
# targets: SYN102
# why: the look-alikes of a module's input batch: a `forward` of a class that is no `nn.Module` (its input may be anything), a mask made by a NumPy call of the input, and a later parameter, whose `.any()` tests say nothing of a tensor
import numpy as np
import torch
from torch import nn


class Tokenizer:
    def forward(self, tokens):
        mask = tokens.eq(1)
        if not mask.any():
            return None
        return mask


class Arrays(nn.Module):
    def forward(self, tokens, flags=None):
        mask = np.asarray(tokens) == 1
        if mask.any():
            return None
        if flags is not None and flags.any():
            return None
        return torch.as_tensor(tokens)
