# expect: none
# targets: SYN101, SYN102, SYN104
# why: a library's benchmarks and datasets packages build data sets on the host (a stream of TensorDatasets saved to disk, the targets of nested datasets); nothing there moves a value to a device, so the per-sample .item() and .tolist() read CPU tensors
from pathlib import Path

import torch
from torch.utils.data import ConcatDataset


def save_stream(stream, folder: Path) -> list[list[tuple[Path, int]]]:
    saved = []
    for t_id, task in enumerate(stream):
        samples, labels = task.dataset.tensors
        files = []
        for i, (sample, label) in enumerate(zip(samples, labels)):
            path = folder / f"exp_{t_id}" / f"sample_{i}.pt"
            torch.save(sample, path)
            files.append((path, label.item()))
        saved.append(files)
    return saved


def all_targets(dataset) -> list[int]:
    if isinstance(dataset, ConcatDataset):
        result: list[int] = []
        for part in dataset.datasets:
            values = all_targets(part)
            if isinstance(values, torch.Tensor):
                result += values.tolist()
            else:
                result += list(values)
        return result
    return dataset.targets
