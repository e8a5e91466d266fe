"""An empty rule selector selects nothing: a usage or configuration error (exit 2), as in
ruff; an empty list in the configuration (`select = []`) is a deliberate choice and runs."""

from __future__ import annotations

import pytest

from tests.cli.conftest import NAIVE, Cli


@pytest.mark.parametrize("command", ["check", "fix"])
@pytest.mark.parametrize("option", ["--select", "--extend-select", "--ignore", "--fixable",
                                    "--unfixable"])
@pytest.mark.parametrize("value", ["", " ", ",", "SYN101,", "SYN101,,SYN102"])
def test_empty_selector_on_the_command_line_is_a_usage_error(
        cli: Cli, command: str, option: str, value: str) -> None:
    path = cli.write("train.py", NAIVE)
    before = path.read_text()
    result = cli(command, option, value, "train.py")
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{option}': empty rule selector" in result.stderr
    assert result.stdout == "" and path.read_text() == before


@pytest.mark.parametrize("key", ["select", "extend-select", "ignore", "fixable", "unfixable"])
def test_empty_selector_in_the_configuration_is_an_error(cli: Cli, key: str) -> None:
    cli.write("pyproject.toml", f'[tool.synclint]\n{key} = ["SYN101", ""]\n')
    cli.write("train.py", NAIVE)
    result = cli("check", "train.py")
    assert result.exit_code == 2
    assert f"{key}: empty rule selector ''" in result.stderr


def test_empty_selector_in_per_file_ignores_is_an_error(cli: Cli) -> None:
    cli.write("pyproject.toml", '[tool.synclint]\nper-file-ignores = { "t*.py" = [""] }\n')
    cli.write("train.py", NAIVE)
    result = cli("check", "train.py")
    assert result.exit_code == 2 and "empty rule selector" in result.stderr


def test_an_empty_select_list_in_the_configuration_selects_nothing(cli: Cli) -> None:
    cli.write("pyproject.toml", "[tool.synclint]\nselect = []\n")
    cli.write("train.py", NAIVE)
    result = cli("check", "train.py")
    assert result.exit_code == 0 and result.stdout == ""
