# expect: SYN102=1
# why: `~valid if valid is not None else None` is the mask or None; once `is not None` holds it is the device mask, and `.any()` on it syncs on every forward (timm's Gemma4 ViT pooling)
from typing import Optional

import torch
from torch import nn


class AvgPool(nn.Module):
    def forward(self, x: torch.Tensor, valid: Optional[torch.Tensor] = None) -> torch.Tensor:
        padding = ~valid if valid is not None else None
        if padding is not None and padding.any():
            x = x.masked_fill(padding.unsqueeze(-1), 0.0)
            return x.sum(dim=1) / (~padding).sum(dim=1, keepdim=True).clamp(min=1)
        return x.mean(dim=1)
