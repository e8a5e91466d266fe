# expect: SYN104=1
# why: a per-step branch on a constructor option that defaults off (`batchwise_prompt=False`) runs on every step of a run that turns it on: reported, its message naming the option (avalanche prompt.py); checked with --opt-in, which reports it; by default it is silent (negative/syn104_opt_in_constructor_default.py)
# options: opt-in
import torch
from torch import nn


class PromptModule(nn.Module):
    def __init__(self, pool_size: int = 10, batchwise_prompt: bool = False):
        super().__init__()
        self.keys = nn.Parameter(torch.randn(pool_size, 64))
        self.batchwise_prompt = batchwise_prompt

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        idx = (x @ self.keys.t()).topk(5, dim=1).indices
        if self.batchwise_prompt:
            ids, counts = torch.unique(idx, return_counts=True, sorted=True)
            idx = ids[counts.topk(5).indices].expand(x.shape[0], -1)
        return self.keys[idx]
