"""Data loading and the library tensors that live on the host.

A DataLoader runs `Dataset.__getitem__` (and an `IterableDataset`'s `__iter__`) in its
worker processes to build each sample; torch advises against CUDA tensors there ("it is
generally not recommended to return CUDA tensors in multi-process loading"), so those
methods work on CPU tensors unless they move one themselves (`.cuda()`, `device=...`). A
DataLoader built without a `collate_fn` yields what its dataset built: CPU tensors, until a
preparer (`accelerator.prepare`) or the code moves them. `PackedSequence.batch_sizes` is
a CPU tensor (torch documents it). MONAI's datasets and DataLoader derive from torch's.
"""

from __future__ import annotations

from synclint.analysis.kinds import HOST_TENSOR, TENSOR, Instance, Kind
from synclint.knowledge.schema import Attribute, Call, Class, HostRole, Library, Returns

DATASET = "torch.utils.data.Dataset"
ITERABLE_DATASET = "torch.utils.data.IterableDataset"
LOADER = "torch.utils.data.DataLoader"
PACKED = "torch.nn.utils.rnn.PackedSequence"
MONAI_DATASET = "monai.data.Dataset"
MONAI_ITERABLE = "monai.data.IterableDataset"

_SAMPLE = "`{method}` builds a sample in a DataLoader worker, on the host"
#: A DataLoader built in the project: iterating over it gives the batches its dataset
#: built, on the host (the model reads a loop over one with nothing moved as host code).
HOST_LOADER: Kind = Instance(LOADER)
_LOADER_BATCHES = Returns(HOST_LOADER)
#: The data module methods that return a DataLoader (`LightningDataModule`'s hooks): of
#: a receiver the model does not know, their batches are host data until moved.
LOADER_METHODS = frozenset({
    "train_dataloader", "val_dataloader", "test_dataloader", "predict_dataloader"})
#: A DataLoader's own `collate_fn` may move its batches anywhere: the model drops it from
#: the keywords where it keeps them on the host (`model.data_transforms.collate_keeps_host`).
_COLLATES = frozenset({"collate_fn"})
_PACKS = Returns(Instance(PACKED))

LIBRARY = Library(
    name="torch.utils.data",
    roots=("torch",),
    classes=(
        Class(DATASET),
        Class(ITERABLE_DATASET, bases=(DATASET,)),
        Class(LOADER),
        # data, sorted_indices, unsorted_indices: on the device the sequence was packed on.
        Class(PACKED, other_attributes=TENSOR),
    ),
    attributes=(Attribute(PACKED, "batch_sizes", HOST_TENSOR),),
    calls=(
        Call(LOADER, _LOADER_BATCHES, unless_keywords=_COLLATES),
        Call("torch.nn.utils.rnn.pack_padded_sequence", _PACKS),
        Call("torch.nn.utils.rnn.pack_sequence", _PACKS),
    ),
    host_roles=(
        HostRole(DATASET, "__getitem__", _SAMPLE.format(method="__getitem__")),
        HostRole(DATASET, "__getitems__", _SAMPLE.format(method="__getitems__")),
        HostRole(ITERABLE_DATASET, "__iter__", _SAMPLE.format(method="__iter__")),
    ),
)

#: MONAI: every `monai.data.*Dataset` derives from torch's `Dataset` (or `IterableDataset`,
#: whose roles are torch's own); its DataLoader from torch's.
MONAI = Library(
    name="monai",
    roots=("monai",),
    classes=(
        Class(MONAI_DATASET, bases=(DATASET,)),
        Class(MONAI_ITERABLE, bases=(ITERABLE_DATASET,)),
        Class("monai.data.DataLoader", bases=(LOADER,)),
    ),
    calls=(Call("monai.data.DataLoader", _LOADER_BATCHES, unless_keywords=_COLLATES),),
    # First match wins: `CSVIterableDataset` is iterable.
    class_patterns=(("*IterableDataset", MONAI_ITERABLE), ("*Dataset", MONAI_DATASET)),
)
