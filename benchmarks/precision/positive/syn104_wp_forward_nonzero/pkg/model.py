import torch.nn as nn

from pkg.sparse import MaskedMean


class Pool(nn.Module):
    def __init__(self):
        super().__init__()
        self.mean = MaskedMean()
