# expect: SYN101=1
# why: the else branch of a test of a module attribute against None (a KV cache configured or not) runs on every forward when a cache is set; `kv_cache` defaults None, so the else branch is opt-in code (checked with --opt-in)
# options: opt-in
import torch
from torch import nn


class CachedAttention(nn.Module):
    def __init__(self, dim: int, kv_cache: nn.Module | None = None) -> None:
        super().__init__()
        self.kv_cache = kv_cache
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        if self.kv_cache is None:
            scores = q @ k.transpose(-1, -2)
        else:
            self.last_pos = int(self.kv_cache.pos.max().item())
            scores = q @ k.transpose(-1, -2)
        return scores.softmax(-1) @ v
