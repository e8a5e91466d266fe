# expect: none
# targets: SYN101, SYN102
# why: the batches of a DataLoader are what its collate function returns; a project collate that moves nothing, or one the caller hands in (run in the loader's worker processes), gives host batches, so reading them per row is host work (deepspeed's offline DataAnalyzer, fresh15 F1a)
from __future__ import annotations

import torch
from torch.utils.data import DataLoader, Dataset


def pad_collate(batch):
    return {"index": torch.stack([b["index"] for b in batch]),
            "tokens": torch.stack([b["tokens"] for b in batch])}


class DataAnalyzer:
    def __init__(self, dataset: Dataset, metric_function, collate_fn=None) -> None:
        self.collate_fn = collate_fn
        self.dataset = dataset
        self.metric_function = metric_function

    def run_map(self) -> list:
        results = []
        for data in DataLoader(self.dataset, batch_size=8, collate_fn=self.collate_fn):
            values = self.metric_function(data)
            for row in range(values.size()[0]):
                results.append(data["index"][row][0].item())
        return results

    def run_padded(self) -> list:
        results = []
        for data in DataLoader(self.dataset, batch_size=8, collate_fn=pad_collate):
            for row in range(data["index"].size(0)):
                if data["tokens"][row].any():
                    results.append(data["index"][row].item())
        return results
