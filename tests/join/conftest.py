"""Fixtures for the static-runtime join: a copy of examples/train.py to profile and fix."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
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
