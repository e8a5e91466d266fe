# expect: SYN101=1
# why: a transform that moves the graph to the GPU itself reads a GPU tensor in its loop: still a sync per store
import torch
from torch import Tensor
from torch_geometric.transforms import BaseTransform


class MovedVirtualNode(BaseTransform):
    def forward(self, data):
        data = data.to("cuda")
        for key, value in data.items():
            if key == "batch" and isinstance(value, Tensor):
                data.fill = int(value[0])
        return data
