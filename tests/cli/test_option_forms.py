"""The command line's options as a user types them: every option documented in --help as a
sentence, repeatable options repeatable, values checked (a choice, a range, a file), short
forms, and --add-noqa over a mix of notebooks and Python files."""

from __future__ import annotations

import json
import re

import click
import pytest

from synclint.cli import main

from .conftest import Cli

#: Findings of SYN101 (a loop), SYN103 (synchronize, off by default) and SYN102 (an `if`).
SOURCE = ("import torch\n\n"
          "def f(ts: list[torch.Tensor]):\n"
          "    for t in ts:\n"
          "        print(t.item())\n"
          "    torch.cuda.synchronize()\n"
          "    if ts[0].sum() > 0:\n"
          "        return 1\n")


def _commands() -> list[tuple[str, click.Command]]:
    context = click.Context(main)
    return [(name, main.get_command(context, name)) for name in main.list_commands(context)]


def _options() -> list[tuple[str, click.Option]]:
    return [(f"{name} {'/'.join(p.opts)}", p) for name, command in _commands()
            for p in command.params if isinstance(p, click.Option) and not p.hidden]


@pytest.mark.parametrize(("name", "option"), _options(), ids=[n for n, _ in _options()])
def test_every_option_is_documented_as_a_sentence(name: str, option: click.Option) -> None:
    text = option.help or ""
    assert re.match(r"[A-Z`]", text) and text.endswith((".", ")")), f"{name}: {text!r}"
    assert not re.search(r"\b[A-Z]{2,}\b(?:\W+\b[A-Z]{2,}\b){2,}", text), text
    if option.metavar is not None:
        stem = option.metavar.split(".")[0]
        assert stem.isupper(), f"{name}: metavar {option.metavar!r}"


def _codes(cli: Cli, *args: str) -> list[str]:
    result = cli("check", "--no-cache", "--output-format", "json", *args, "x.py")
    return sorted({d["code"] for d in json.loads(result.stdout)})


@pytest.mark.parametrize(("args", "codes"), [
    (("--select", "SYN101", "--select", "SYN103"), ["SYN101", "SYN103"]),
    (("--extend-select", "SYN103", "--extend-select", "SYN202"), ["SYN101", "SYN102", "SYN103"]),
    (("--ignore", "SYN101", "--ignore", "SYN102"), []),
    (("--select", "SYN101,SYN102"), ["SYN101", "SYN102"]),
])
def test_code_options_can_be_repeated_or_comma_separated(cli: Cli, args: tuple[str, ...],
                                                         codes: list[str]) -> None:
    cli.write("x.py", SOURCE)
    assert _codes(cli, *args) == codes


@pytest.mark.parametrize("args", [
    ("--output-format", "xml"),
    ("--jobs", "0"),
    ("--config", "."),
])
def test_bad_option_values_are_usage_errors(cli: Cli, args: tuple[str, ...]) -> None:
    cli.write("x.py", SOURCE)
    result = cli("check", *args, "x.py")
    assert result.exit_code == 2
    assert "Invalid value" in result.stderr


def test_short_forms_write_the_findings_to_a_file_quietly(cli: Cli) -> None:
    cli.write("x.py", SOURCE)
    result = cli("check", "-q", "-o", "found.txt", "x.py")
    assert result.exit_code == 1
    assert result.stdout == "" and result.stderr == ""
    assert (cli.root / "found.txt").read_text().count("x.py:") == 2


def test_add_noqa_edits_the_python_files_after_a_notebook(cli: Cli) -> None:
    notebook = {"cells": [{"cell_type": "code", "execution_count": 1, "id": "a", "metadata": {},
                           "outputs": [], "source": SOURCE.splitlines(keepends=True)}],
                "metadata": {"language_info": {"name": "python"}}, "nbformat": 4,
                "nbformat_minor": 5}
    cli.write("a.ipynb", json.dumps(notebook, indent=1) + "\n")
    cli.write("b.py", SOURCE)
    result = cli("check", "--add-noqa", ".")
    assert result.stderr.splitlines()[0] == (
        "warning: a.ipynb: --add-noqa does not edit notebooks; add the comments in the notebook")
    assert "# noqa: SYN101" in (cli.root / "b.py").read_text()
