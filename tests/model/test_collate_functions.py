"""Code that runs on a DataLoader's workers (thirteenth draw F3): a `collate_fn` (a
function, an object, a bound method, a `functools.partial`, or one set as the loader's
attribute) is given the batch's host samples, and a data module's `default_transforms`
are applied to host samples; each with the look-alike that keeps its device."""

from __future__ import annotations

from synclint.analysis.kinds import HOST_TENSOR
from tests.model.probe import codes, probe, probes

COLLATE = """\
import functools
import torch
from torch.utils.data import DataLoader


def pad_collate(batch, pad=0):
    lengths = torch.stack([b["length"] for b in batch]){move}
    seen(lengths)
    out = []
    for i in range(len(batch)):
        out.append(batch[i]["tokens"][: int(lengths[i].item())])
    return torch.stack(out)


def loader(dataset):
    return {loader}
"""

FUNCTION = "DataLoader(dataset, batch_size=4, collate_fn={collate})"


def test_a_collate_function_reads_host_samples() -> None:
    for collate in ("pad_collate", "functools.partial(pad_collate, pad=1)"):
        source = COLLATE.format(move="", loader=FUNCTION.format(collate=collate))
        assert probe(source) is HOST_TENSOR, collate
        assert codes(source) == [], collate


def test_a_collate_function_set_as_the_loaders_attribute_reads_host_samples() -> None:
    loader = "DataLoader(dataset, batch_size=4)\n    data.collate_fn = pad_collate"
    source = COLLATE.format(move="", loader=loader).replace("return DataLoader", "data = DataLoader")
    assert probe(source) is HOST_TENSOR
    assert codes(source) == []


def test_a_collate_function_without_a_loader_or_that_moves_keeps_its_findings() -> None:
    # Without the loader the batch's kind is unknown; `.cuda()` makes a device value.
    alone = COLLATE.format(move="", loader="None")
    assert codes(alone) == ["SYN101"]
    moved = COLLATE.format(move=".cuda()", loader=FUNCTION.format(collate="pad_collate"))
    assert probe(moved) is not HOST_TENSOR
    assert codes(moved) == ["SYN101"]


def test_a_collate_function_also_called_on_a_device_batch_keeps_its_findings() -> None:
    loader = FUNCTION.format(collate="pad_collate") + "\n\n\ndef step(batch):\n" \
        "    return pad_collate([{k: v.cuda() for k, v in b.items()} for b in batch])"
    source = COLLATE.format(move="", loader=loader)
    assert probe(source) is not HOST_TENSOR
    assert "SYN101" in codes(source)


COLLATOR = """\
import torch
from torch.utils.data import DataLoader


class Collator:
    def __init__(self, pad: int) -> None:
        self.pad = pad

    def __call__(self, batch):
        lengths = torch.stack([b["length"] for b in batch]){move}
        seen(lengths)
        tokens = torch.stack([b["tokens"] for b in batch]).pin_memory()
        seen(tokens)
        return tokens, [int(lengths[i].item()) for i in range(len(batch))]


def loader(dataset):
    return DataLoader(dataset, batch_size=4, collate_fn={collate})
"""


def test_a_collator_object_reads_host_samples() -> None:
    for collate in ("Collator(0)", "collator"):
        source = COLLATOR.format(move="", collate=collate).replace(
            "    return DataLoader", "    collator = Collator(0)\n    return DataLoader")
        assert probes(source) == [HOST_TENSOR, HOST_TENSOR], collate
        assert codes(source) == [], collate


def test_a_collator_that_moves_a_value_keeps_that_values_findings() -> None:
    # Per value: the pinned tokens stay host data, the lengths moved to CUDA do not.
    source = COLLATOR.format(move=".cuda()", collate="Collator(0)")
    lengths, tokens = probes(source)
    assert lengths is not HOST_TENSOR and tokens is HOST_TENSOR
    assert codes(source) == ["SYN101"]


RESIZE = """\
import lightning.pytorch as pl
import torch
from torchvision.transforms import Compose


class DetectionDataModule(pl.LightningDataModule):
    def {method}(self):
        return Compose([self._resize])

    def _resize(self, image: torch.Tensor, target: dict) -> tuple:
        device = target["boxes"].device
        height, width = image.shape[-2:]
        scale_y, scale_x = torch.tensor([608, 608], device=device) / torch.tensor([height, width])
        scale = torch.tensor([scale_x, scale_y, scale_x, scale_y], device=device)
        seen(target["boxes"])
        target["boxes"] = target["boxes"] * scale
        return image, target
"""


def test_a_data_modules_default_transforms_see_host_samples() -> None:
    source = RESIZE.format(method="default_transforms")
    assert probe(source) is HOST_TENSOR
    assert codes(source) == []


def test_a_resize_listed_by_another_method_keeps_its_findings() -> None:
    source = RESIZE.format(method="augmentations")
    assert probe(source) is not HOST_TENSOR
    assert codes(source) == ["SYN110"]


VISION = """\
import torch
from torchvision import datasets


class RandomOrder:
    def __call__(self, image, target):
        seen(target)
        order = (target["labels"] != -1).nonzero().squeeze(-1)
        return image, {{"root": order[0].item()}}


def voc(path):
    return {dataset}(path, image_set="train", transforms=RandomOrder())
"""


def test_a_transform_given_to_a_torchvision_dataset_sees_host_samples() -> None:
    source = VISION.format(dataset="datasets.VOCDetection")
    assert probe(source) is HOST_TENSOR
    assert codes(source) == []
    other = VISION.format(dataset="torch.jit.script")  # not a data set: unknown target
    assert probe(other) is not HOST_TENSOR
