"""Data built on the host by where the code lives (issue 22, sixth draw F2): a library's
`datasets` and `benchmarks` packages, and a `transforms` module written on torchvision's
transforms; each with the look-alike that keeps its device (another package, a script
folder, a move to the GPU, kornia's augmentation, a transform of a project base)."""

from __future__ import annotations

from pathlib import Path

import pytest

from synclint.analysis.kinds import HOST_TENSOR, TENSOR
from tests.model.probe import codes, line_of, probes, syncs


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The files are written under a fresh folder, the current one: module names come
    from the packages (`__init__.py`) on disk, as `synclint check` finds them."""
    monkeypatch.chdir(tmp_path)


def written(module: str, source: str, packages: bool = True) -> dict[str, str]:
    """`module` (a path) holding `source`, with an `__init__.py` in each of its folders
    when `packages`: the sources of one project."""
    path = Path(module)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source)
    sources = {module: source}
    for folder in path.parents if packages else ():
        if folder != Path("."):
            (folder / "__init__.py").write_text("")
            sources[str(folder / "__init__.py")] = ""
    return sources

SPLIT = """\
import torch


def leaky(triples: torch.Tensor, test: torch.Tensor{extra_param}) -> list[int]:
    leaked = []{move}
    seen(triples)
    for entity in test[:, 0]:
        if (triples[:, 0] == entity).any():
            leaked.append(int(entity))
    return leaked
"""


def split(move: str = "", extra_param: str = "") -> str:
    return SPLIT.format(move=move, extra_param=extra_param)


@pytest.mark.parametrize("module", ["cl/datasets/split.py", "cl/benchmarks/classic/split.py",
                                    "datasets/split.py"])
def test_a_data_package_module_works_on_host_tensors(module: str) -> None:
    sources = written(module, split())
    assert probes(sources, module) == [HOST_TENSOR]
    assert syncs(sources, module) == []


@pytest.mark.parametrize("module", ["cl/models/split.py", "cl/benchmarks.py",
                                    "bench_rnn.py", "cl/data/split.py"])
def test_outside_a_data_package_the_tensors_keep_their_device(module: str) -> None:
    source = split()
    sources = written(module, source)
    assert probes(sources, module) == [TENSOR]
    lines = [line_of(source, "if (triples"), line_of(source, "int(entity)")]
    assert syncs(sources, module) == [f"SYN101:{lines[1]}", f"SYN102:{lines[0]}"]


def test_a_benchmarks_folder_of_scripts_is_no_data_package() -> None:
    module = "benchmarks/bench_rnn.py"
    sources = written(module, split(), packages=False)
    assert len(syncs(sources, module)) == 2


def test_a_data_package_function_that_moves_to_the_gpu_keeps_its_findings() -> None:
    module = "cl/datasets/split.py"
    sources = written(module, split(move="\n    test = test.to(device)", extra_param=", device: str"))
    assert probes(sources, module) == [TENSOR]
    assert len(syncs(sources, module)) == 2


TRANSFORM = """\
import torch
from torch import Tensor, nn
{imports}
{base_module}

class RandomCrop({base}):
    def forward(self, image: Tensor, boxes: Tensor) -> Tensor:
        for _ in range(10):
            seen(boxes)
            keep = boxes[:, 2] > boxes[:, 0]
            if not keep.any():
                continue
            crop = torch.tensor([[0, 0, 8, 8]], dtype=boxes.dtype, device=boxes.device)
            return crop
        return image
"""

TORCHVISION = "from torchvision.transforms import functional as F"


def transform(imports: str = TORCHVISION, base: str = "nn.Module", base_module: str = "") -> str:
    return TRANSFORM.format(imports=imports, base=base, base_module=base_module)


@pytest.mark.parametrize(("module", "base"), [
    ("det/transforms.py", "nn.Module"),
    ("det/transforms/geometric.py", "nn.Module"),
    ("det/transforms.py", "T.RandomHorizontalFlip"),
    ("det/transforms.py", "object"),
])
def test_a_torchvision_transform_works_on_host_tensors(module: str, base: str) -> None:
    sources = written(module, transform(
        imports=TORCHVISION + "\nfrom torchvision.transforms import transforms as T", base=base))
    assert probes(sources, module) == [HOST_TENSOR]
    assert codes(sources, module) == []


@pytest.mark.parametrize(("module", "imports", "base_module", "base"), [
    ("det/transforms.py", "import kornia.augmentation as K\n" + TORCHVISION, "", "nn.Module"),
    ("det/transforms.py", "", "", "nn.Module"),
    ("det/augment.py", TORCHVISION, "", "nn.Module"),
    ("det/transforms.py", TORCHVISION, "class Transform(nn.Module):\n    pass\n", "Transform"),
])
def test_a_transform_that_may_run_on_the_device_keeps_its_findings(
        module: str, imports: str, base_module: str, base: str) -> None:
    sources = written(module, transform(imports=imports, base=base, base_module=base_module))
    assert probes(sources, module) == [TENSOR]
    assert codes(sources, module) == ["SYN102", "SYN105"]


@pytest.mark.parametrize(("module", "kind"), [
    ("pykeen/triples/analysis.py", HOST_TENSOR),
    ("pykeen/triples/splitting/cleanup.py", HOST_TENSOR),
    ("pykeen/training/loop.py", TENSOR),
    ("mylib/triples/analysis.py", TENSOR),
])
def test_pykeen_triples_package_works_on_host_ids(module: str, kind: object) -> None:
    sources = written(module, split())
    assert probes(sources, module) == [kind]
    assert (syncs(sources, module) == []) == (kind == HOST_TENSOR)


FACTORY = """\
from pykeen.triples import TriplesFactory


def triples(tf: {annotation}, other) -> None:
    seen(tf.mapped_triples)
    seen(other.mapped_triples)
"""


def test_a_triples_factory_holds_its_triples_on_the_host() -> None:
    assert probes(FACTORY.format(annotation="TriplesFactory"))[0] == HOST_TENSOR


@pytest.mark.parametrize("annotation", ["object", "torch.nn.Module"])
def test_mapped_triples_of_another_object_is_not_known_host(annotation: str) -> None:
    found = probes("import torch\n" + FACTORY.format(annotation=annotation))
    assert HOST_TENSOR not in found


def test_a_data_package_function_that_copies_to_the_host_keeps_its_findings() -> None:
    module = "kg/datasets/frames.py"
    source = ("import torch\n\n\n"
              "def tensor_to_df(tensor: torch.Tensor, **kwargs: torch.Tensor) -> dict:\n"
              "    data = {}\n"
              "    for key, values in kwargs.items():\n"
              "        seen(values)\n"
              "        data[key] = values.cpu().numpy()\n"
              "    return data\n")
    sources = written(module, source)
    assert probes(sources, module) != [HOST_TENSOR]
    assert syncs(sources, module) == [f"SYN101:{line_of(source, '.cpu()')}"]


@pytest.mark.parametrize(("module", "kind"), [
    ("torch_geometric/sampler/neighbor_sampler.py", HOST_TENSOR),
    ("torch_geometric/distributed/partition.py", HOST_TENSOR),
    ("torch_geometric/nn/pool/cluster.py", TENSOR),
    ("torch_geometric/loader/utils.py", TENSOR),
    ("mylib/sampler/neighbor_sampler.py", TENSOR),
])
def test_torch_geometric_sampler_and_distributed_packages_work_on_host_graphs(
        module: str, kind: object) -> None:
    """Fifth draw #22, #63, #84: module functions of PyG's sampler and distributed
    packages (`neg_sample`, the partitioner) read host graphs, as BaseSampler's methods do;
    its layers, its loader helpers and another library's sampler package keep the device."""
    sources = written(module, split())
    assert probes(sources, module) == [kind]
    assert (syncs(sources, module) == []) == (kind == HOST_TENSOR)


def test_a_sampler_package_function_that_moves_to_the_gpu_keeps_its_findings() -> None:
    module = "torch_geometric/sampler/neighbor_sampler.py"
    sources = written(module, split(move="\n    test = test.to(device)", extra_param=", device: str"))
    assert probes(sources, module) == [TENSOR]
    assert len(syncs(sources, module)) == 2
