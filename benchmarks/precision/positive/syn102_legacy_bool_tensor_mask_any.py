# expect: SYN102=1
# why: a mask annotated `torch.BoolTensor` (transformers' legacy name for a bool tensor on any device) tested in a Python `if` in `forward` syncs on every call
import torch
from torch import nn


class MaskedPooler(nn.Module):
    def forward(self, hidden_states: torch.FloatTensor, padding_mask: torch.BoolTensor) -> torch.Tensor:
        if padding_mask.any():
            hidden_states = hidden_states.masked_fill(padding_mask[..., None], 0.0)
        return hidden_states.mean(dim=1)
