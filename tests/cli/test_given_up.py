"""Files synclint cannot check (too complex to analyse, a broken link inside a folder)
are SYN001 findings in every output format, and the exit code agrees with the output."""

from __future__ import annotations

import json
import os

import pytest

from tests.cli.conftest import Cli

# Beyond synclint's nesting limit, with a site where a rule may fire (a file the model
# proves silent is never given to LibCST, and never too deep for it).
TOO_DEEP = ("import torch\nx = " + "-" * 600 + "1\n"
            "for t in torch.ones(3).cuda():\n    print(t.item())\n")
# Beyond CPython's own parser at its default recursion limit; with a candidate site too, so
# that it is given up on also in a process whose limit an earlier file raised (`ast` then
# parses it and the model's gate would find no rule that can fire).
PARSER_GIVES_UP = ("import torch\nx = " + "-" * 5000 + "1\n"
                   "for t in torch.ones(3).cuda():\n    print(t.item())\n")


@pytest.fixture
def tree(cli: Cli) -> Cli:
    cli.write("src/deep.py", TOO_DEEP)
    cli.write("src/deeper.py", PARSER_GIVES_UP)
    cli.write("src/ok.py", "x = 1\n")
    os.symlink("missing.py", cli.root / "src" / "broken.py")
    return cli


def test_json_lists_every_file_that_could_not_be_checked(tree: Cli) -> None:
    result = tree("check", "--no-cache", "--output-format", "json", "src")
    assert result.exit_code == 1
    found = {d["filename"]: (d["code"], d["message"]) for d in json.loads(result.stdout)}
    deeper = found.pop("src/deeper.py")
    assert found == {
        "src/broken.py": ("SYN001", "Broken symbolic link"),
        "src/deep.py": ("SYN001", "Too complex to analyse: expressions nested more than "
                                  "250 deep at line 2"),
    }
    # Which limit it meets first depends on the interpreter's recursion limit.
    assert deeper[0] == "SYN001" and deeper[1].startswith("Too complex to analyse: ")
    assert "could not be checked" not in result.stderr  # findings, not failures


def test_sarif_and_github_carry_them_too(tree: Cli) -> None:
    sarif = json.loads(tree("check", "--no-cache", "--output-format", "sarif", "src").stdout)
    located = {(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
               for r in sarif["runs"][0]["results"]}
    assert {uri.rsplit("/", 1)[-1] for code, uri in located if code == "SYN001"} == {
        "broken.py", "deep.py", "deeper.py"}
    github = tree("check", "--no-cache", "--output-format", "github", "src")
    assert github.exit_code == 1
    assert sum(line.startswith("::warning file=src/") and "SYN001" in line
               for line in github.stdout.splitlines()) == 3


def test_ignoring_syn001_drops_them_and_the_run_passes(tree: Cli) -> None:
    result = tree("check", "--no-cache", "--ignore", "SYN001", "src")
    assert result.exit_code == 0, result.output
    assert "SYN001" not in result.stdout


def test_fix_reports_a_file_too_complex_to_fix_as_a_finding(tree: Cli) -> None:
    result = tree("fix", "--no-cache", "src/deep.py")
    assert result.exit_code == 1
    assert result.stdout.startswith("src/deep.py:1:1: SYN001 Too complex to analyse")
