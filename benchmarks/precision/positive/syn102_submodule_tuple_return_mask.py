# expect: SYN102=1
# why: the patch embedding's forward returns the tokens and a padding mask (`~valid`); the encoder unpacks them from `self.embed(...)` and tests the mask on every forward (timm's Gemma4 ViT)
import torch
from torch import nn


class PatchEmbed(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, valid: torch.Tensor):
        return self.proj(x), ~valid


class Encoder(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.embed = PatchEmbed(dim)

    def forward(self, x: torch.Tensor, valid: torch.Tensor) -> torch.Tensor:
        x, padding = self.embed(x, valid)
        if padding.any():
            x = x.masked_fill(padding.unsqueeze(-1), 0.0)
        return x.mean(dim=1)
