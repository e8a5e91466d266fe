"""Callables a data set applies to each sample, and loaders a data module hands out, see
host data (tenth draw F2); each with the look-alike that keeps its device."""

from __future__ import annotations

from synclint.analysis.kinds import HOST_TENSOR
from tests.model.probe import codes, probe

TRANSFORM = """\
import torch
from torchvision import transforms


class RandomOrder:
    def __call__(self, item: dict) -> dict:
        seen(item)
        order = (item["atom_map"] != -1).nonzero().squeeze(-1)
        item["root"] = order[0].item()
        return item


class Task(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.order = RandomOrder()

    def preprocess(self, train_set) -> None:
        {use}

    def forward(self, batch: dict) -> dict:
        {forward}
"""

COMPOSE = "train_set.transform = transforms.Compose([train_set.transform, RandomOrder()])"


def test_a_callable_in_a_dataset_transform_compose_sees_host_samples() -> None:
    source = TRANSFORM.format(use=COMPOSE, forward="return batch")
    assert probe(source) is HOST_TENSOR
    assert codes(source) == []


def test_a_callable_given_to_a_dataset_constructor_sees_host_samples() -> None:
    use = "self.data = MolDataset(path, transforms=[RandomOrder()])"
    source = TRANSFORM.format(use=use, forward="return batch").replace(
        "class Task", "class MolDataset(torch.utils.data.Dataset):\n"
        "    def __init__(self, path, transforms):\n        self.path = path\n\n\nclass Task")
    assert probe(source) is HOST_TENSOR
    assert codes(source) == []


def test_a_transform_kept_on_self_is_no_dataset_transform() -> None:
    # `self.transform = ...`: a model may apply what it keeps to its device batch.
    source = TRANSFORM.format(use="self.transform = RandomOrder()", forward="return batch")
    assert probe(source) is not HOST_TENSOR


def test_a_dataset_transform_also_applied_to_the_gpu_batch_keeps_its_findings() -> None:
    forward = "return self.order({k: v.cuda() for k, v in batch.items()})"
    source = TRANSFORM.format(use=COMPOSE, forward=forward)
    assert probe(source) is not HOST_TENSOR
    assert codes(source) == ["SYN101"]  # `.item()` through the call in `forward`


LOADER = """\
import torch


class CellTransform(torch.nn.Module):
    def forward(self, data: dict) -> dict:
        seen(data)
        pos = data["pos"]
        batch = data.get("batch", torch.zeros(pos.shape[0], dtype=torch.long, device=pos.device))
        cells = []
        for i in range(int(data["num_frames"])):
            frame_pos = pos[batch == i]
            cells.append(frame_pos.amax(0) - frame_pos.amin(0))
        data["cell"] = torch.stack(cells)
        return data


def first_sample(datamodule, device) -> dict:
    for data in datamodule.{method}():
        {move}
        break
    transform = CellTransform()
    return transform(data)
"""


def test_a_batch_of_a_data_modules_loader_is_host_data() -> None:
    for method in ("train_dataloader", "val_dataloader"):
        source = LOADER.format(method=method, move="pass")
        assert probe(source) is HOST_TENSOR, method
        assert codes(source) == [], method


def test_a_batch_moved_to_the_device_or_another_method_keeps_its_findings() -> None:
    moved = LOADER.format(method="train_dataloader", move="data = data.to(device)")
    assert "SYN104" in codes(moved)
    other = LOADER.format(method="batches", move="pass")
    assert "SYN104" in codes(other)
