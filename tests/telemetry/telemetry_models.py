"""Helpers shared by the telemetry tests (imported by name: tests/ is no package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import torch

_NAIVE_PATH = Path(__file__).resolve().parents[2] / "examples" / "naive_telemetry.py"


def load_naive() -> ModuleType:
    spec = importlib.util.spec_from_file_location("naive_telemetry", _NAIVE_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


class ParamList(torch.nn.Module):
    """A model that is just a list of parameters of the given shapes and dtypes."""

    def __init__(self, shapes, dtypes=None, seed=0):
        super().__init__()
        gen = torch.Generator().manual_seed(seed)
        dtypes = dtypes or [torch.float32] * len(shapes)
        self.params = torch.nn.ParameterList(
            torch.nn.Parameter(torch.randn(shape, generator=gen).to(dtype))
            for shape, dtype in zip(shapes, dtypes)
        )
        for p in self.params:
            p.grad = torch.randn(p.shape, generator=gen).to(p.dtype)


