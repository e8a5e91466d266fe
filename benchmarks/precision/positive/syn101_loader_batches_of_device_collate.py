# expect: SYN101=3
# why: these collate functions move the batch to the GPU (a project function calling `.cuda()`, a partial given the device, a closure a project factory returns): the loop's `.item()` per row reads a device tensor each time (look-alike of syn101_loader_batches_of_host_collate)
import functools

import torch
from torch.utils.data import DataLoader, Dataset


def cuda_collate(batch):
    return {"index": torch.stack([b["index"] for b in batch]).cuda()}


def collate_to(batch, device):
    return {"index": torch.stack([b["index"] for b in batch]).to(device)}


def gather(dataset: Dataset) -> list:
    results = []
    for data in DataLoader(dataset, batch_size=8, collate_fn=cuda_collate):
        for row in range(len(data["index"])):
            results.append(data["index"][row].item())
    return results


def gather_on(dataset: Dataset, device: torch.device) -> list:
    results = []
    collate = functools.partial(collate_to, device=device)
    for data in DataLoader(dataset, batch_size=8, collate_fn=collate):
        for row in range(len(data["index"])):
            results.append(data["index"][row].item())
    return results


def make_collate(pad: int):
    return lambda batch: {"index": torch.stack([b["index"] for b in batch]).to(pad)}


def gather_made(dataset: Dataset) -> list:
    results = []
    collate = make_collate(0) if len(dataset) else None
    for data in DataLoader(dataset, batch_size=8, collate_fn=collate):
        for row in range(len(data["index"])):
            results.append(data["index"][row].item())
    return results
