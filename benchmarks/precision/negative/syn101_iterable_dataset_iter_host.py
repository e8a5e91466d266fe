# expect: none
# targets: SYN101
# why: an IterableDataset's __iter__ yields samples built on the host in the loader's workers
import torch
from torch.utils.data import IterableDataset


class Chunks(IterableDataset):
    def __init__(self, tokens: torch.Tensor, size: int):
        self.tokens = tokens
        self.size = size

    def __iter__(self):
        for start in range(0, len(self.tokens), self.size):
            chunk = self.tokens[start : start + self.size]
            if int(chunk.max()) == 0:
                continue
            yield chunk, chunk.sum().item()
