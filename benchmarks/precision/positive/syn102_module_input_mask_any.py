# expect: SYN102=1
# why: a module's `forward` is called with its input batch first: `tokens` (unannotated) is a tensor on the model's device, `tokens.eq(pad)` a mask of it, and `if not padding_mask.any():` waits for the device on every forward (fresh14 M1, fair-esm's ESM2 and ProteinBertModel)
import torch
from torch import nn


class ESM2(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.padding_idx = 1
        self.embed_tokens = nn.Embedding(33, 8)

    def forward(self, tokens, repr_layers=[]):
        padding_mask = tokens.eq(self.padding_idx)
        x = self.embed_tokens(tokens)
        if not padding_mask.any():
            padding_mask = None
        return x, padding_mask
