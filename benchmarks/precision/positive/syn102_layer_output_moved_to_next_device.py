# expect: SYN102=1
# why: the hidden state comes out of a layer on one GPU and moves on to the next layer's GPU: it is on a device before the move, and the test syncs every layer
import torch
from torch import nn


class Pipeline(nn.Module):
    def __init__(self, layers: nn.ModuleList) -> None:
        super().__init__()
        self.layers = layers

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            hidden = layer(hidden)
            if torch.isnan(hidden).any():
                raise FloatingPointError("nan")
            hidden = hidden.to(layer.next_device)
        return hidden
