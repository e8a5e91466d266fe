# expect: SYN101=1
# why: a collate_fn runs on the host samples, but this one moves the lengths to the GPU first (pin_memory would not): its .item() per sample reads a device tensor each time; the host tokens' .item() is silent
from __future__ import annotations

import torch
from torch.utils.data import DataLoader, Dataset


class CudaCollator:
    def __call__(self, batch):
        lengths = torch.stack([b["length"] for b in batch]).cuda()
        tokens = torch.stack([b["tokens"] for b in batch]).pin_memory()
        out = []
        for i in range(len(batch)):
            n = int(lengths[i].item())
            first = int(tokens[i, 0].item())
            out.append((n, first))
        return tokens, out


def loader(dataset: Dataset) -> DataLoader:
    return DataLoader(dataset, batch_size=4, collate_fn=CudaCollator())
