# expect: SYN101=1
# why: a bound method registered with register_full_backward_hook runs per layer per backward
import torch
from torch import nn


class GradMonitor:
    def __init__(self, model: nn.Module):
        self.peak = 0.0
        for layer in model.modules():
            if isinstance(layer, nn.Linear):
                layer.register_full_backward_hook(self._on_backward)

    def _on_backward(self, module, grad_input, grad_output):
        self.peak = max(self.peak, grad_output[0].abs().max().item())
