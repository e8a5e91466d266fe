"""Data built on the host (issue 22, fourth draw): a dataset's sample builders and the
batches of a DataLoader nothing moves are CPU tensors; each with the look-alike that
keeps its device (a move to the GPU, a class that is no dataset, a prepared loader)."""

from __future__ import annotations

import ast

import pytest

from synclint.analysis.kinds import HOST_TENSOR, TENSOR, UNKNOWN
from synclint.model.host_data import moves_to_device
from tests.model.probe import case_ids, codes, line_of, probe, probes, syncs

DATASET = """\
import torch
from torch.utils.data import Dataset


class Windows({base}):
    def __init__(self, series: torch.Tensor):
        self.series = series

    def {method}(self, idx: int, extra: torch.Tensor):
        window = self.series[idx]{move}
        seen(window)
        seen(extra)
        if window.isnan().any():
            return extra
        return window
"""


def dataset(base: str = "Dataset", method: str = "__getitem__", move: str = "") -> str:
    return DATASET.format(base=base, method=method, move=move)


def test_a_dataset_sample_is_built_from_host_tensors() -> None:
    assert probes(dataset()) == [HOST_TENSOR, HOST_TENSOR]
    assert syncs(dataset()) == []


def test_a_sample_moved_to_the_gpu_keeps_its_device_and_its_finding() -> None:
    source = dataset(move=".cuda()")
    assert probes(source) == [TENSOR, TENSOR]
    assert syncs(source) == ["SYN102:13"]


@pytest.mark.parametrize(("base", "method"), [("object", "__getitem__"),
                                              ("torch.nn.Module", "__getitem__"),
                                              ("Dataset", "sample")])
def test_other_classes_and_methods_keep_their_device(base: str, method: str) -> None:
    assert probes(dataset(base, method))[1] is TENSOR


def test_an_iterable_dataset_iter_builds_host_samples() -> None:
    source = dataset("torch.utils.data.IterableDataset", "__iter__")
    assert probes(source) == [HOST_TENSOR, HOST_TENSOR]
    assert probes(dataset("Dataset", "__iter__"))[1] is TENSOR  # not what a loader runs


LOADER = """\
import functools

import torch
from accelerate import Accelerator
from torch.utils.data import DataLoader


class Stats:
    def __init__(self, dataset, accelerator: Accelerator):
        self.loader = DataLoader(dataset, batch_size=1{keywords}){prepare}

    def run(self):
        for image, label in self.loader:
            seen(image)
            print(image.max().item())
"""


def test_batches_of_a_loader_built_here_are_on_the_host() -> None:
    source = LOADER.format(keywords="", prepare="")
    assert probe(source) is HOST_TENSOR
    assert syncs(source) == []


@pytest.mark.parametrize(("keywords", "prepare"), [
    (", collate_fn=functools.partial(pad, device=accelerator.device)", ""),
    (", collate_fn=self.to_cuda", ""),
    (", collate_fn=cuda_collate", ""),
    (", collate_fn=stack_batch", ""),
    (", collate_fn=make_collate(0)", ""),
    ("", "\n        self.loader = accelerator.prepare(self.loader)"),
])
def test_a_loader_that_collates_or_is_prepared_may_yield_device_batches(
        keywords: str, prepare: str) -> None:
    """A collate function that names a device, moves a value, or is a project function
    not named as a collate function (the model does not read its body) may put the batch
    on a device; so may a preparer."""
    assert probe(LOADER.format(keywords=keywords, prepare=prepare) + _COLLATES) is UNKNOWN


@pytest.mark.parametrize("keywords", [
    ", collate_fn=collate_fn", ", collate_fn=self.collate_fn", ", collate_fn=None",
    ", collate_fn=pad_collate", ", collate_fn=default_collate"])
def test_a_loader_whose_collate_function_moves_nothing_yields_host_batches(
        keywords: str) -> None:
    """A collate function the caller hands in, a library's, or a project one named as a
    collate function whose body moves nothing (fresh15 F1a): host batches."""
    source = LOADER.format(keywords=keywords, prepare="").replace(
        "def __init__(self, dataset,", "def __init__(self, dataset, collate_fn,")
    assert probe(source + _COLLATES) is HOST_TENSOR
    assert syncs(source + _COLLATES) == []


#: Project functions a loader above may collate with: one named as a collate function that
#: moves nothing, one that moves (`.cuda()`), one not named as one, and a factory of them.
_COLLATES = """

def pad_collate(batch):
    return torch.stack(batch)


def cuda_collate(batch):
    return torch.stack(batch).cuda()


def stack_batch(batch):
    return torch.stack(batch)


def make_collate(pad):
    return lambda batch: torch.stack(batch)
"""


def test_a_loop_over_a_loader_that_moves_its_batches_keeps_them_unknown() -> None:
    source = """\
import torch
from torch.utils.data import DataLoader


def train(dataset, model, device):
    for step, (x, y) in enumerate(DataLoader(dataset)):
        seen(x)
        x, y = x.to(device), y.to(device)
        loss = model(x).sum()
        print(loss.item())
"""
    assert probe(source) is UNKNOWN
    assert syncs(source) == ["SYN101:10"]
    assert "SYN105" not in codes(source)  # moving each batch is the idiom


MOVED_BY_HELPER = """\
import torch
from torch.utils.data import DataLoader


def to_device(X: torch.Tensor, device: str) -> torch.Tensor:
    return X.to(device)


def to_gpu(X: torch.Tensor) -> torch.Tensor:
    return X.cuda()


def with_dtype(X: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    return X.to(dtype)


def explain(dataset, model, device: str):
    for data in DataLoader(dataset):
        out = model({moved})
        seen(out)
        print(out.cpu())
"""


@pytest.mark.parametrize("moved", ["to_device(data, device)", "to_gpu(data)",
                                   "to_device(X=data, device=device)"])
def test_a_loader_loop_that_moves_batches_through_a_helper_keeps_them_unknown(
        moved: str) -> None:
    source = MOVED_BY_HELPER.format(moved=moved)
    assert probe(source) is not HOST_TENSOR
    assert syncs(source) == [f"SYN101:{line_of(source, 'print(out.cpu())')}"]


@pytest.mark.parametrize("moved", ["to_device(data, 'cpu')", "with_dtype(data, torch.float32)",
                                   "to_device(data, device=torch.device('cpu'))"])
def test_a_helper_that_moves_to_the_cpu_or_casts_leaves_the_loader_loop_on_the_host(
        moved: str) -> None:
    source = MOVED_BY_HELPER.format(moved=moved)
    assert probe(source) is HOST_TENSOR
    assert syncs(source) == []


def test_a_loop_over_a_loader_with_nothing_moved_is_host_code() -> None:
    source = """\
import torch
from torch.utils.data import DataLoader


def summary(dataset, threshold: float):
    total = torch.as_tensor(0.0)
    for step, (image, label) in enumerate(DataLoader(dataset)):
        seen(image)
        foreground = torch.as_tensor(image, dtype=torch.float32)[label > threshold]
        seen(foreground)
        print(foreground.max().item())
        total += foreground.sum()
    return total.item()
"""
    assert probes(source) == [HOST_TENSOR, HOST_TENSOR]
    assert syncs(source) == []


def test_a_project_loader_keeps_torch_iteration_unless_it_defines_its_own() -> None:
    source = """\
import torch
from torch.utils.data import DataLoader as TorchLoader


class Loader(TorchLoader):
    pass


class Buffered(TorchLoader):
    def __iter__(self):
        return iter(super().__iter__())


def f(dataset):
    for batch in Loader(dataset):
        seen(batch)


def g(dataset):
    for batch in Buffered(dataset):
        seen(batch)
"""
    assert probes(source) == [HOST_TENSOR, UNKNOWN]


MOVES = ["x.cuda()", "x.to(device)", "x.to('cuda')", "torch.zeros(3, device=self.device)",
         "x.to(self.device)", "x.to(self.x.device)",
         "x.to(device=d)", "torch.device('cuda:0')"]
STAYS = ["x.to(torch.float32)", "x.to(y.dtype)", "x.to(dtype=torch.int64)",
         "c.to(store.x.device, store.x.dtype)", "c.to(x.device)",
         "torch.zeros(3, device=x.device)", "torch.zeros(3, device='cpu')",
         "torch.zeros(3, device=None)", "x.cpu()"]


@pytest.mark.parametrize("code", MOVES, ids=case_ids(MOVES))
def test_moves_to_a_device(code: str) -> None:
    assert moves_to_device(ast.parse(code))


@pytest.mark.parametrize("code", STAYS, ids=case_ids(STAYS))
def test_casts_and_cpu_devices_are_no_move(code: str) -> None:
    assert not moves_to_device(ast.parse(code))


# -- torch_geometric (issue 22, fifth draw F1) ------------------------------------------
PYG = """\
import torch
from torch import Tensor
from torch_geometric.{module} import {base}


class Step({base}):
    def __init__(self, node_time: Tensor):
        self.node_time = node_time

    def {method}(self, data, index: Tensor):
        seen(data.edge_index)
        seen(index)
        mask = self.node_time{move}[index] > 0
        for key, value in data.items():
            if isinstance(value, Tensor) and int(mask.sum()) > 0:
                data[key] = value
        return data
"""


def pyg(module: str, base: str, method: str, move: str = "") -> str:
    return PYG.format(module=module, base=base, method=method, move=move)


PYG_HOST = [("transforms", "BaseTransform", "forward"),
            ("transforms", "BaseTransform", "__call__"),
            ("data", "InMemoryDataset", "process"),
            ("data", "Dataset", "get_graph"),
            ("sampler", "BaseSampler", "sample_from_nodes"),
            ("sampler", "SamplerOutput", "merge_with")]


@pytest.mark.parametrize(("module", "base", "method"), PYG_HOST,
                         ids=[f"{b}.{m}" for _, b, m in PYG_HOST])
def test_torch_geometric_data_pipeline_works_on_host_graphs(
        module: str, base: str, method: str) -> None:
    source = pyg(module, base, method)
    assert probes(source) == [HOST_TENSOR, HOST_TENSOR]
    assert syncs(source) == []


@pytest.mark.parametrize(("module", "base", "method"), [
    ("transforms", "BaseTransform", "forward"), ("sampler", "BaseSampler", "sample")])
def test_a_pipeline_class_that_moves_its_graph_keeps_its_finding(
        module: str, base: str, method: str) -> None:
    source = pyg(module, base, method, move=".cuda()")
    assert probes(source)[1] is TENSOR
    assert syncs(source) == [f"SYN101:{line_of(source, 'int(mask')}"]


@pytest.mark.parametrize(("module", "base", "method"), [
    ("transforms", "BaseTransform", "apply"),       # not what the transform runs
    ("nn", "MessagePassing", "forward"),            # a layer: per step, on the device
])
def test_other_torch_geometric_classes_keep_their_device(
        module: str, base: str, method: str) -> None:
    assert probes(pyg(module, base, method))[1] is TENSOR


def test_a_message_passing_layer_forward_is_per_step() -> None:
    source = pyg("nn", "MessagePassing", "forward")
    assert syncs(source) == [f"SYN101:{line_of(source, 'int(mask')}"]


def test_torch_geometric_checked_itself_applies_its_own_table() -> None:
    base = """\
class BaseTransform:
    def __call__(self, data):
        return self.forward(data)
"""
    transform = """\
from torch import Tensor
from torch_geometric.transforms.base_transform import BaseTransform
from torch_geometric.utils import other


class VirtualNode(BaseTransform):
    def forward(self, data):
        for key, value in data.items():
            if isinstance(value, Tensor):
                seen(value)
                data[key] = int(value[0])
        return data


class Layer:
    def forward(self, data):
        for key, value in data.items():
            if isinstance(value, Tensor):
                seen(value)
                data[key] = int(value[0])
        return data
"""
    sources = {"torch_geometric/transforms/base_transform.py": base,
               "torch_geometric/transforms/virtual_node.py": transform}
    assert probes(sources, "torch_geometric/transforms/virtual_node.py") == [
        HOST_TENSOR, TENSOR]


def test_a_nested_tensor_size_table_is_a_cpu_tensor() -> None:
    source = """\
import torch


def rows(x: torch.Tensor):
    seen(x._nested_tensor_size())
    seen(x._nested_tensor_strides())
    seen(x.unbind()[0])
    seen(x._values)
"""
    sizes, strides, row, values = probes(source)
    assert (sizes, strides) == (HOST_TENSOR, HOST_TENSOR)
    assert row is not HOST_TENSOR and values is not HOST_TENSOR


HELPERS = """\
import torch
from torch.utils.data import Dataset


class Denoising({base}):
    def __init__(self, data: list):
        self.data = data

    def __getitem__(self, idx: int):
        source = torch.LongTensor(self.data[idx])
        return self.mask(source, source)

    def mask(self, source, like: torch.Tensor):
        seen(like)
        return self.draw(source.numel(), like)

    def draw(self, n: int, like: torch.Tensor):
        seen(like)
        return like[:n]
"""


def test_helpers_only_the_sample_builder_uses_run_on_the_host() -> None:
    # fresh18 F1: fairseq's `DenoisingDataset.add_whole_word_mask`, and a helper of it.
    assert probes(HELPERS.format(base="Dataset")) == [HOST_TENSOR, HOST_TENSOR]


def test_a_helper_other_code_of_its_class_uses_keeps_its_device() -> None:
    used_elsewhere = HELPERS.format(base="Dataset") + (
        "\n    def sample_batch(self, n: int, like: torch.Tensor):\n"
        "        return self.draw(n, like)\n")
    assert probes(used_elsewhere) == [HOST_TENSOR, TENSOR]
    # No dataset: no sample builder, nothing on the host by its role (`mask`'s argument
    # is a CPU tensor by its one caller's, which `draw` is not given to know).
    assert probes(HELPERS.format(base="object"))[1] is TENSOR
