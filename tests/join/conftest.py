"""Fixtures for the static-runtime join: a copy of examples/train.py to profile and fix."""

from __future__ import annotations

import ast
import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from synclint.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TRAINING_FILES = ("train.py", "train_helpers.py")


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the only line of `path` that contains `text`."""
    rows = [n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line]
    assert len(rows) == 1, (path, text, rows)
    return rows[0]


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A directory holding a copy of the example training script, made the current one."""
    root = tmp_path / "project"
    root.mkdir()
    for name in TRAINING_FILES:
        (root / name).write_text((EXAMPLES / name).read_text())
    monkeypatch.chdir(root)
    yield root
    forget_modules(root)


def forget_modules(root: Path) -> None:
    """Drop modules imported from `root`: the script imports its helper by name, and the
    next run (another copy, or the fixed one) must import its own."""
    for name, module in list(sys.modules.items()):
        if str(getattr(module, "__file__", "") or "").startswith(str(root)):
            del sys.modules[name]


def profile_json(*args: str) -> tuple[Result, dict[str, Any]]:
    """Run `synclint profile` in-process, writing JSON to profile.json in the current dir."""
    result = invoke("profile", "--output-format", "json", "-o", "profile.json", *args)
    return result, json.loads(Path("profile.json").read_text())


def cwd() -> Path:
    return Path(os.getcwd())


@dataclass(frozen=True)
class ExampleSyncs:
    """The syncs examples/train.py makes, derived from the script itself: each of its
    `steps` reads every parameter's gradient norm with `.item()`, tests the loss with
    `if torch.isnan(loss)` and calls the helper's `.item()`; the batched fix turns the
    per-parameter reads into one `.tolist()` per step."""

    steps: int
    parameters: int

    @property
    def per_parameter_reads(self) -> int:
        return self.steps * self.parameters

    @property
    def before(self) -> int:
        return self.per_parameter_reads + 2 * self.steps

    @property
    def after(self) -> int:
        return 3 * self.steps


def example_syncs(script: Path = EXAMPLES / "train.py") -> ExampleSyncs:
    """STEPS from the script, and the parameters of the model its `train()` builds (the
    `nn.Sequential(...)` expression evaluated on the CPU)."""
    import torch
    from torch import nn

    tree = ast.parse(script.read_text())
    steps = next(node.value.value for node in tree.body if isinstance(node, ast.Assign)
                 and getattr(node.targets[0], "id", None) == "STEPS"
                 and isinstance(node.value, ast.Constant))
    built = next(node for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and ast.unparse(node.func) == "nn.Sequential")
    model = eval(compile(ast.Expression(built), str(script), "eval"),  # noqa: S307
                 {"nn": nn, "torch": torch, "device": torch.device("cpu")})
    return ExampleSyncs(steps, sum(1 for _ in model.parameters()))
