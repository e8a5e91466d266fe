# expect: SYN102=1
# why: the same test in a torch_geometric layer's forward (a MessagePassing module, run per training step on the device): a sync per forward
import torch
from torch_geometric.nn import MessagePassing


class MotifConv(MessagePassing):
    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        if y.min() == 0:
            y = y + 1
        return self.propagate(x=x, y=y)
