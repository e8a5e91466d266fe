"""`--help` reads like ruff's, and the options a user types work in each spelling.

Every option of every command says what it does in sentence case (test_option_forms.py
checks the capital and the period) and names what it takes (never click's generic TEXT);
the long forms of the options not exercised elsewhere (`--output-file`, `--show-fixes`,
`--force-exclude`, repeated `--fixable`, `--config` given a folder) do what --help says.
"""

from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner

from synclint.cli import main

from .conftest import NAIVE, Cli
from .test_options import CONDITION

COMMANDS = ("check", "clean", "fix", "profile", "rule", "rules", "server")


def _options(name: str) -> list[tuple[click.Context, click.Option]]:
    command = main.get_command(click.Context(main), name)
    assert command is not None, name
    context = click.Context(command, info_name=name)
    return [(context, p) for p in command.get_params(context)
            if isinstance(p, click.Option) and not p.hidden]


def _capitals(text: str) -> float:
    letters = [c for c in re.sub(r"`[^`]*`", "", text) if c.isalpha()]
    return sum(c.isupper() for c in letters) / max(len(letters), 1)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_help_is_in_sentence_case(name: str) -> None:
    """test_option_forms checks the capital and the period; this, that nothing shouts
    (the most capitals any help has today, acronyms and metavars included, is under 10%)."""
    for _, option in _options(name):
        assert _capitals(option.help or "") < 0.15, (name, option.opts, option.help)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_that_takes_a_value_names_it(name: str) -> None:
    for context, option in _options(name):
        if option.is_flag or option.count:
            continue
        metavar = option.make_metavar(context)
        assert metavar != "TEXT" and metavar == metavar.strip(), (name, option.opts, metavar)


@pytest.mark.parametrize("name", ["check", "fix"])
def test_the_help_page_shows_each_option_with_its_help(name: str) -> None:
    shown = " ".join(CliRunner().invoke(main, [name, "--help"], terminal_width=200)
                     .stdout.split())
    for context, option in _options(name):
        assert option.opts[-1] in shown, option.opts
        assert " ".join((option.help or "").split()) in shown, option.opts


def test_output_file_long_form_writes_the_findings_there(cli: Cli) -> None:
    cli.write("a.py", NAIVE)
    short = cli("check", "--no-cache", "-o", "short.txt", "a.py")
    long = cli("check", "--no-cache", "--output-file", "long.txt", "a.py")
    assert short.exit_code == long.exit_code == 1
    assert short.stdout == long.stdout == ""
    written = (cli.root / "long.txt").read_text()
    assert "a.py:6:21: SYN101" in written
    assert written == (cli.root / "short.txt").read_text()


def test_fixable_given_twice_allows_both_codes(cli: Cli) -> None:
    a = cli.write("a.py", NAIVE)
    b = cli.write("b.py", CONDITION)
    result = cli("fix", "--fixable", "SYN101", "--fixable", "SYN102", ".")
    assert a.read_text() != NAIVE and b.read_text() != CONDITION, result.output


def test_show_fixes_lists_each_file_and_code_fixed(cli: Cli) -> None:
    cli.write("a.py", NAIVE)
    cli.write("b.py", CONDITION)
    result = cli("fix", "--show-fixes", ".")
    listed = sorted(line for line in result.stderr.splitlines() if line.startswith("Fixed "))
    assert listed == ["Fixed 1 × SYN101 in a.py", "Fixed 1 × SYN102 in b.py"]
    assert "Fixed " not in cli("fix", ".").stderr  # nothing left, and not asked


def test_force_exclude_applies_excludes_to_files_named_on_the_command_line(cli: Cli) -> None:
    cli.write("a.py", NAIVE)
    named = cli("check", "--no-cache", "--exclude", "a.py", "a.py")
    assert named.exit_code == 1 and "a.py:6:21: SYN101" in named.stdout
    forced = cli("check", "--no-cache", "--exclude", "a.py", "--force-exclude", "a.py")
    assert forced.exit_code == 0 and forced.stdout == ""


def test_config_given_a_folder_is_a_usage_error_naming_it(cli: Cli) -> None:
    (cli.root / "settings").mkdir()
    cli.write("a.py", NAIVE)
    result = CliRunner().invoke(main, ["check", "--config", "settings", "a.py"])
    assert result.exit_code == 2
    assert "'settings'" in result.stderr and "directory" in result.stderr
