"""A run that finds no Python file warns as ruff does (and exits 0, like ruff); the
top-level --help shows every command's summary whole."""

from __future__ import annotations

import json

import pytest

from synclint.cli import main
from tests.cli.conftest import NAIVE, Cli

NO_FILES = "warning: No Python files found under the given path(s)"


@pytest.mark.parametrize("args", [[], ["--output-format", "json"], ["--fix"], ["--diff"],
                                  ["--statistics"], ["--show-files"]])
def test_an_empty_folder_warns_and_passes(cli: Cli, args: list[str]) -> None:
    (cli.root / "empty").mkdir()
    cli.write("empty/notes.txt", "not python\n")
    result = cli("check", "--no-cache", *args, "empty")
    assert result.exit_code == 0
    assert NO_FILES in result.stderr.splitlines()
    if args == ["--output-format", "json"]:
        assert json.loads(result.stdout) == []


def test_everything_excluded_warns_too(cli: Cli) -> None:
    cli.write("src/train.py", NAIVE)
    result = cli("check", "--no-cache", "--extend-exclude", "train.py", "src")
    assert (result.exit_code, result.stdout) == (0, "")
    assert NO_FILES in result.stderr
    assert NO_FILES not in cli("check", "--no-cache", "src").stderr


def test_quiet_silences_the_warning(cli: Cli) -> None:
    (cli.root / "empty").mkdir()
    result = cli("check", "-q", "empty")
    assert (result.exit_code, result.stderr) == (0, "")


def test_stdin_is_a_file(cli: Cli) -> None:
    assert NO_FILES not in cli("check", "-", input="x = 1\n").stderr


@pytest.mark.parametrize("width", [80, 100, 60])
def test_top_level_help_shows_whole_command_summaries(cli: Cli, width: int) -> None:
    from click.testing import CliRunner

    result = CliRunner().invoke(main, ["--help"], terminal_width=width)
    commands = result.stdout.split("Commands:\n", 1)[1]
    assert "..." not in commands
    listed = " ".join(commands.split())
    for name in ("check", "clean", "fix", "profile", "rule", "rules", "server"):
        command = main.get_command(None, name)  # type: ignore[arg-type]
        assert command is not None and command.short_help, name
        assert f"{name} {command.short_help}" in listed
