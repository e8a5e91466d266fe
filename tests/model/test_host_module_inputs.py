"""Modules that only ever see host data (issue 22, ninth draw F1): a transform module
every project caller gives host tensors, and schnetpack's preprocessing transforms; each
with the look-alike that keeps its device."""

from __future__ import annotations

from synclint.analysis.kinds import HOST_TENSOR, TENSOR, UNKNOWN, Instance, Seq
from tests.model.probe import probe, probes, syncs

TRANSFORMS = """\
import torch
from torch import nn


class Transform(nn.Module):
    def forward(self, inputs: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        raise NotImplementedError


class NeighborList(Transform):
    def forward(self, inputs: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        seen(inputs["pbc"])
        if torch.all(inputs["pbc"] == 0):
            inputs["offsets"] = torch.zeros(0, 3)
        return inputs
"""

DATASET = """\
import numpy as np
import torch

from transforms import Transform


class AtomsDataset(torch.utils.data.Dataset):
    def __init__(self, positions: list[np.ndarray], transforms: list[Transform]):
        self.positions = positions
        self.transforms = transforms

    def __len__(self) -> int:
        return len(self.positions)

    def __getitem__(self, idx: int) -> dict[str, torch.Tensor]:
        inputs = {"R": torch.from_numpy(self.positions[idx]), "pbc": torch.tensor([0, 0, 0])}
        for t in self.transforms:
            inputs = t(inputs)
        return inputs
"""

MODEL = """\
import torch
from torch import nn

from transforms import Transform


class Model(nn.Module):
    def __init__(self, input_modules: list[Transform]):
        super().__init__()
        self.input_modules = input_modules

    def forward(self, inputs: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        for m in self.input_modules:
            inputs = m(inputs)
        return inputs
"""


def test_a_module_every_project_caller_gives_host_tensors_reads_host_tensors() -> None:
    sources = {"transforms.py": TRANSFORMS, "data.py": DATASET}
    assert probe(sources, "transforms.py") is HOST_TENSOR
    assert syncs(sources, "transforms.py") == []


def test_a_module_a_model_also_applies_to_its_batch_keeps_its_finding() -> None:
    sources = {"transforms.py": TRANSFORMS, "data.py": DATASET, "model.py": MODEL}
    assert probe(sources, "transforms.py") is TENSOR
    assert syncs(sources, "transforms.py") == ["SYN102:13"]


def test_a_list_of_a_project_class_holds_its_objects() -> None:
    source = TRANSFORMS + (
        "\n\ndef apply(transforms: list[Transform], names: list[str]):\n"
        "    seen(transforms)\n    seen(names)\n")
    kinds = probes(source)
    assert kinds[1] == Seq(Instance("m:Transform"))
    assert kinds[2] != Seq(Instance("m:Transform"))  # `list[str]`: no project class


SCHNETPACK = """\
import torch
from schnetpack.transform import {base}


class Custom({base}):
    def forward(self, inputs):
        if torch.any(inputs["pbc"]):
            inputs["pbc"] = inputs["pbc"] * 0
        return inputs
"""


def test_schnetpack_preprocessing_transforms_work_on_host_samples() -> None:
    for base in ("NeighborListTransform", "FilterNeighbors", "SplitShielding"):
        assert syncs(SCHNETPACK.format(base=base)) == [], base


def test_a_schnetpack_transform_that_may_post_process_keeps_its_finding() -> None:
    assert syncs(SCHNETPACK.format(base="Transform")) == ["SYN102:7"]


SAMPLES = """\
import torch
from torch.utils.data import Dataset


class Molecules(Dataset):
    def __len__(self) -> int:
        return 4

    def __getitem__(self, idx: int) -> dict[str, torch.Tensor]:
        return {{"n_atoms": torch.tensor([idx]){move}}}


def counts(dataset: Molecules, other_dataset, buffer) -> list[int]:
    out = []
    for idx in range(len(dataset)):
        seen(dataset[idx]["n_atoms"])
        seen(other_dataset[idx]["n_atoms"])
        seen(buffer[idx]["n_atoms"])
        out.append(dataset[idx]["n_atoms"].item())
    return out
"""


def test_a_dataset_sample_read_through_indexing_is_host_data() -> None:
    source = SAMPLES.format(move="")
    assert probes(source) == [HOST_TENSOR, HOST_TENSOR, UNKNOWN]  # `buffer`: no dataset
    assert syncs(source) == []


def test_a_sample_the_dataset_moves_to_the_gpu_keeps_its_finding() -> None:
    source = SAMPLES.format(move=".cuda()")
    assert probes(source)[0] is not HOST_TENSOR
    assert syncs(source) == ["SYN101:19"]
