# expect: SYN101=1
# why: a method named like a save, registered as a forward hook in __init__, runs on every forward
import torch
from torch import nn


class ActivationStats(nn.Module):
    def __init__(self, net: nn.Module):
        super().__init__()
        self.net = net
        self.stats: list[float] = []
        net.register_forward_hook(self._save_activation_stats)

    def _save_activation_stats(self, module, inputs, output: torch.Tensor):
        self.stats.append(output.abs().mean().item())

    def forward(self, x):
        return self.net(x)
