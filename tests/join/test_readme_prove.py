"""README's "Prove a fix" shows real output: the profile and the joined findings printed
there are what the commands print on the example today."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.join.conftest import EXAMPLES, invoke

README = Path(__file__).resolve().parents[2] / "README.md"


def _console_blocks() -> dict[str, list[str]]:
    """Each `$ synclint ...` command of the section, with the lines printed under it."""
    section = README.read_text().split("## Prove a fix", 1)[1].split("\n## ", 1)[0]
    shown: dict[str, list[str]] = {}
    for block in re.findall(r"```console\n(.*?)```", section, flags=re.S):
        command = None
        for line in block.splitlines():
            if line.startswith("$ "):
                command = line[2:]
                shown[command] = []
            elif command is not None:
                shown[command].append(line)
    return shown


@pytest.fixture
def in_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_profile_and_the_join_print_what_the_readme_shows(in_copy: Path) -> None:
    shown = _console_blocks()
    profile = invoke("profile", "examples/train.py")
    printed = (profile.stdout + profile.stderr).splitlines()
    assert shown["synclint profile examples/train.py"] == printed
    invoke("profile", "--output-format", "json", "-o", "profile.json", "examples/train.py")
    command = ("synclint check --runtime profile.json examples/train.py "
               "examples/train_helpers.py")
    joined = invoke(*command.split()[1:], "--no-cache", "--quiet")
    assert shown[command] == joined.stdout.splitlines()
