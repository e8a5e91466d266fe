"""The installed LibCST and pathspec are within the bounds pyproject.toml declares (the
bounds are the versions the suite was run on: a newer LibCST may change the private
CodegenState that positions and fixes rely on)."""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

import pytest

packaging = pytest.importorskip("packaging.requirements")

ROOT = Path(__file__).resolve().parents[2]


def _declared(name: str) -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    [requirement] = re.findall(rf'"({re.escape(name)}[<>=!][^"]*)"', text)
    return requirement


@pytest.mark.parametrize("name", ["libcst", "pathspec"])
def test_installed_version_is_within_the_declared_bounds(name: str) -> None:
    requirement = packaging.Requirement(_declared(name))
    assert requirement.specifier.contains(version(name), prereleases=True), (
        f"{name} {version(name)} is outside {requirement}: run the suite on it and move "
        "the bound in pyproject.toml")
    assert "<" in str(requirement.specifier), f"{name} needs an upper bound"
