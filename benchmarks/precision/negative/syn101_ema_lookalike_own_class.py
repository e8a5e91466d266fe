# expect: none
# targets: SYN101
# why: look-alike of positive/syn101_ema_update_per_step.py: a project's own class named `EMA` (not ema-pytorch's, outside its package) has no framework calling its `update` per step; its reads are one-off
import torch
from torch import nn


class EMA(nn.Module):
    def __init__(self, model: nn.Module) -> None:
        super().__init__()
        self.model = model
        self.register_buffer("step", torch.tensor(0))

    def update(self) -> int:
        step = self.step.item()
        self.step += 1
        return step
