# expect: none
# targets: SYN101, SYN102
# why: a function and an object given as a DataLoader's collate_fn run in its worker processes on the host samples the dataset built; their .item() per sample and the length test read CPU tensors (fresh13 F3, data-pipeline code)
from __future__ import annotations

import torch
from torch.utils.data import DataLoader, Dataset


def pad_collate(batch):
    lengths = torch.stack([b["length"] for b in batch])
    out = []
    for i in range(len(batch)):
        n = int(lengths[i].item())
        out.append(batch[i]["tokens"][:n])
    if lengths.max() > 512:
        raise ValueError("sequence too long")
    return torch.stack(out), lengths


class Collator:
    def __init__(self, pad: int) -> None:
        self.pad = pad

    def __call__(self, batch):
        lengths = torch.stack([b["length"] for b in batch])
        out = []
        for i in range(len(batch)):
            n = int(lengths[i].item())
            out.append(batch[i]["tokens"][:n])
        return torch.stack(out), lengths


def loaders(dataset: Dataset) -> tuple[DataLoader, DataLoader]:
    plain = DataLoader(dataset, batch_size=4, collate_fn=pad_collate)
    padded = DataLoader(dataset, batch_size=4, collate_fn=Collator(0))
    return plain, padded
