# expect: none
# targets: SYN101
# why: int() of a forward input's shape, of a NumPy copy, of an input annotated as a list of ints, and of a non-module class's forward input: none reads a tensor value
import numpy as np
import torch
from torch import nn


class Pool(nn.Module):
    def forward(self, x):
        n = int(x.shape[0])
        sizes = np.asarray(x)
        first = int(sizes[0])
        return x.reshape(n, -1)[:first]


class Crop(nn.Module):
    def forward(self, sizes: list[int], image: torch.Tensor) -> torch.Tensor:
        height = int(sizes[-1])
        return image[..., :height]


class Tokenizer:
    def forward(self, ids):
        last = int(ids[-1])
        return ids[:last]
