"""Helpers for driving the command line in-process."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from synclint.cli import main

NAIVE = (
    "import torch\n"
    "\n"
    "def norms(model):\n"
    "    out = {}\n"
    "    for name, p in model.named_parameters():\n"
    "        out[name] = p.norm().item()\n"
    "    return out\n"
)
CLEAN = "import torch\n\ndef total(t: torch.Tensor) -> float:\n    return t.sum().item()\n"


class Cli:
    def __init__(self, root: Path) -> None:
        self.root = root

    def __call__(self, *args: str, input: str | bytes | None = None) -> Result:
        runner = CliRunner()
        return runner.invoke(main, list(args), input=input, catch_exceptions=False)

    def write(self, relative: str, content: str | bytes) -> Path:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Cli]:
    monkeypatch.chdir(tmp_path)
    yield Cli(tmp_path)


def outputs(result: Result) -> dict[str, Any]:
    return {"stdout": result.stdout, "stderr": result.stderr, "code": result.exit_code}


__all__ = ["CLEAN", "NAIVE", "Cli", "os"]
