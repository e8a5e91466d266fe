"""SYN000 is a whole rule: listed, documented, always reported (as ruff's syntax errors),
and naming it in an ignore list is refused, since it could have no effect."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import Cli

BROKEN = "import torch\ndef f(:\n    pass\n"


def test_rules_lists_it_under_file_errors(cli: Cli) -> None:
    text = cli("rules").stdout
    section = text.split("\nfile errors\n", 1)[1]
    assert section.splitlines()[0].split()[:4] == ["SYN000", "syntax-error", "on", "no"]
    listed = {r["code"]: r for r in json.loads(cli("rules", "--output-format", "json").stdout)}
    assert listed["SYN000"]["group"] == "file errors" and listed["SYN000"]["fixable"] is False


@pytest.mark.parametrize("key", ["SYN000", "syntax-error", "syn000"])
def test_rule_prints_its_page(cli: Cli, key: str) -> None:
    result = cli("rule", key)
    assert result.exit_code == 0
    assert result.stdout.startswith("# SYN000 syntax-error\n")
    assert "## Why is this bad?" in result.stdout


@pytest.mark.parametrize("args", [["--ignore", "SYN000"], ["--ignore", "SYN101,syn000"],
                                  ["--extend-select", "SYN103", "--ignore", " SYN000 "]])
def test_ignoring_it_on_the_command_line_is_refused(cli: Cli, args: list[str]) -> None:
    cli.write("broken.py", BROKEN)
    result = cli("check", *args, "broken.py")
    assert result.exit_code == 2
    assert "SYN000 cannot be ignored" in result.stderr and result.stdout == ""


@pytest.mark.parametrize("table", ['ignore = ["SYN000"]',
                                   'per-file-ignores = { "b*.py" = ["SYN000"] }'])
def test_ignoring_it_in_the_configuration_is_refused(cli: Cli, table: str) -> None:
    cli.write("pyproject.toml", f"[tool.synclint]\n{table}\n")
    cli.write("broken.py", BROKEN)
    result = cli("check", "broken.py")
    assert result.exit_code == 2 and "SYN000 cannot be ignored" in result.stderr


@pytest.mark.parametrize("args", [[], ["--select", "SYN1"], ["--ignore", "ALL"],
                                  ["--ignore", "SYN0"]])
def test_it_is_reported_whatever_the_selection(cli: Cli, args: list[str]) -> None:
    cli.write("broken.py", BROKEN)
    result = cli("check", "--no-cache", *args, "broken.py")
    assert result.exit_code == 1
    assert result.stdout.startswith("broken.py:2:7: SYN000 SyntaxError: invalid syntax")


def test_a_noqa_comment_does_not_suppress_it(cli: Cli) -> None:
    cli.write("broken.py", "import torch\ndef f(:  # noqa: SYN000\n    pass\n")
    assert "SYN000" in cli("check", "--no-cache", "broken.py").stdout
