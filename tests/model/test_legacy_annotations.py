"""The legacy tensor classes as annotations (`ids: torch.LongTensor`): transformers and
diffusers write them for tensors of any device, so the model reads them as tensors that may
live on an accelerator (bool and float64 where the class says so). Called, the same classes
build CPU tensors; and a value the code proves NumPy stays NumPy whatever its annotation."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import (
    BOOL_TENSOR,
    F64_TENSOR,
    HOST_TENSOR,
    NUMPY,
    TENSOR,
    UNKNOWN,
)
from tests.model.probe import findings, probes, syncs


@pytest.mark.parametrize(("annotation", "kind"), [
    ("torch.LongTensor", TENSOR), ("torch.IntTensor", TENSOR), ("torch.ByteTensor", TENSOR),
    ("torch.ShortTensor", TENSOR), ("torch.CharTensor", TENSOR), ("torch.HalfTensor", TENSOR),
    ("torch.BFloat16Tensor", TENSOR), ("torch.FloatTensor", TENSOR),
    ("torch.BoolTensor", BOOL_TENSOR), ("torch.DoubleTensor", F64_TENSOR),
    ("torch.cuda.LongTensor", TENSOR), ("torch.cuda.BoolTensor", BOOL_TENSOR),
    ("torch.cuda.DoubleTensor", F64_TENSOR),
])
def test_a_legacy_class_annotation_is_a_device_tensor(annotation: str, kind: object) -> None:
    source = (f"import torch\n\n\ndef f(a: {annotation}, b: '{annotation}',"
              f" c: {annotation} | None = None):\n    seen(a)\n    seen(b)\n    seen(c)\n")
    assert probes(source) == [kind, kind, kind]


def test_the_legacy_names_need_torch() -> None:
    # A project's own `LongTensor` class, or one of another library, is not torch's.
    source = ("import mylib\n\n\nclass LongTensor:\n    pass\n\n\n"
              "def f(a: mylib.LongTensor, b: mylib.cuda.BoolTensor):\n    seen(a)\n    seen(b)\n")
    assert probes(source) == [UNKNOWN, UNKNOWN]


def test_imported_by_name_and_under_an_alias() -> None:
    source = ("import torch as th\nfrom torch import LongTensor\n\n\n"
              "def f(a: th.BoolTensor, b: LongTensor):\n    seen(a)\n    seen(b)\n")
    assert probes(source) == [BOOL_TENSOR, TENSOR]


def test_called_the_class_builds_a_cpu_tensor() -> None:
    source = ("import torch\n\n\ndef f(ids: list[int]):\n    t = torch.LongTensor(ids)\n"
              "    seen(t)\n    u: torch.LongTensor = torch.LongTensor(ids)\n    seen(u)\n")
    assert probes(source) == [HOST_TENSOR, HOST_TENSOR]


def test_numpy_the_code_proves_wins_over_a_tensor_annotation() -> None:
    source = ("import numpy as np\nimport torch\n\n\ndef f(n: int, dev: torch.Tensor):\n"
              "    a: torch.LongTensor = np.zeros(n)\n    seen(a)\n"
              "    b: torch.Tensor = np.arange(n)\n    seen(b)\n"
              "    c: torch.LongTensor = dev\n    seen(c)\n")
    assert probes(source) == [NUMPY, NUMPY, TENSOR]


def test_a_legacy_annotated_parameter_read_per_step_is_reported() -> None:
    source = ("import torch\nfrom torch import nn\n\n\nclass M(nn.Module):\n"
              "    def forward(self, x: torch.FloatTensor, mask: torch.BoolTensor,\n"
              "                grid: torch.LongTensor):\n"
              "        if mask.any():\n            x = x * 2\n"
              "        for g in grid:\n            t, h, w = g.tolist()\n"
              "        return x\n")
    assert syncs(source) == ["SYN101:11", "SYN102:8"]


def test_a_cpu_built_legacy_tensor_read_in_a_loop_is_not_reported() -> None:
    source = ("import torch\n\n\ndef f(lengths: list[int]):\n"
              "    t = torch.LongTensor(lengths)\n    out = []\n"
              "    for i in range(len(lengths)):\n        if t[i] > 0:\n"
              "            out.append(t[i].item())\n    return out\n")
    assert syncs(source) == []


def test_a_factory_on_the_device_of_a_cpu_tensor_is_on_the_cpu() -> None:
    # The false pattern the legacy annotations showed (transformers video_llama_3's video
    # processor): `torch.full(..., device=grid.device)` of a CPU grid is a CPU tensor.
    source = ("import torch\n\n\ndef f(grids: list[list[int]], dev: torch.Tensor, n: int):\n"
              "    grid = torch.tensor(grids)\n"
              "    seen(torch.full((n,), 2, device=grid.device))\n"
              "    seen(torch.zeros(n, device=dev.device))\n"
              "    seen(torch.ones(n, device=grid))\n"
              "    seen(torch.ones(n, device=grid.dtype))\n")
    kinds = probes(source)
    assert kinds[0] is HOST_TENSOR
    assert kinds[1] is TENSOR
    assert kinds[2] is not HOST_TENSOR and kinds[3] is not HOST_TENSOR


def test_sizes_from_a_cpu_made_factory_are_not_reported_per_video() -> None:
    source = ("import torch\n\n\nclass P:\n"
              "    def _mask(self, grid_thw: torch.LongTensor, merge: torch.LongTensor):\n"
              "        out = []\n"
              "        for (t, h, w), m in zip(grid_thw, merge):\n"
              "            out.append(torch.ones((h // m,)))\n        return out\n\n"
              "    def run(self, grids: list[list[int]], k: int):\n"
              "        grid = torch.tensor(grids)\n"
              "        merge = torch.full((grid.size(0),), k, device=grid.device)\n"
              "        return self._mask(grid_thw=grid, merge=merge)\n")
    assert [d.code for d in findings(source)] == []
    on_gpu = source.replace("device=grid.device", "device='cuda'")
    assert [d.code for d in findings(on_gpu)] == ["SYN110"]
