"""ruff's --fixable/--unfixable, --exclude/--extend-exclude and --show-files/--show-settings."""

from __future__ import annotations

import json

from .conftest import NAIVE, Cli

#: SYN102 (fixable) in one loop, and the SYN101 of NAIVE in another file.
CONDITION = ("import torch\n\ndef f(model):\n    bad = []\n"
             "    for name, p in model.named_parameters():\n"
             "        if torch.isnan(p).any():\n            bad.append(name)\n    return bad\n")


def test_unfixable_codes_are_reported_but_never_fixed(cli: Cli) -> None:
    a = cli.write("a.py", NAIVE)
    b = cli.write("b.py", CONDITION)
    check = cli("check", "--unfixable", "SYN101", ".")
    assert "a.py:6:21: SYN101 `.item()`" in check.stdout  # no [*]
    assert "b.py:6:12: SYN102 [*]" in check.stdout
    findings = json.loads(cli("check", "--unfixable", "SYN101", "--output-format", "json",
                              ".").stdout)
    assert [d["fix"] is None for d in findings] == [True, False]
    result = cli("fix", "--unfixable", "SYN101", ".")
    assert a.read_text() == NAIVE and b.read_text() != CONDITION
    assert "Found 2 errors (1 fixed, 1 remaining)." in result.stderr


def test_fixable_limits_fixes_to_those_codes(cli: Cli) -> None:
    a = cli.write("a.py", NAIVE)
    b = cli.write("b.py", CONDITION)
    cli("fix", "--fixable", "SYN102", ".")
    assert a.read_text() == NAIVE and b.read_text() != CONDITION


def test_unfixable_in_the_configuration(cli: Cli) -> None:
    cli.write("pyproject.toml", '[tool.synclint]\nunfixable = ["SYN1"]\n')
    a = cli.write("a.py", NAIVE)
    cli("fix", ".")
    assert a.read_text() == NAIVE


def test_exclude_replaces_and_extend_exclude_adds(cli: Cli) -> None:
    cli.write("gen/a.py", NAIVE)
    cli.write("build/b.py", NAIVE)  # excluded by default
    cli.write("src/c.py", NAIVE)
    files = cli("check", "--show-files", ".").stdout.splitlines()
    assert [f.rsplit("/", 2)[-2] for f in files] == ["gen", "src"]
    files = cli("check", "--show-files", "--extend-exclude", "gen", ".").stdout.splitlines()
    assert [f.rsplit("/", 2)[-2] for f in files] == ["src"]
    files = cli("check", "--show-files", "--exclude", "src", ".").stdout.splitlines()
    assert [f.rsplit("/", 2)[-2] for f in files] == ["build", "gen"]
    result = cli("check", "--extend-exclude", "gen,src", ".")
    assert result.exit_code == 0 and result.stdout == ""


def test_show_settings_prints_the_resolved_settings(cli: Cli) -> None:
    cli.write("pyproject.toml", '[tool.synclint]\nextend-select = ["SYN103"]\n')
    result = cli("check", "--show-settings", "--ignore", "SYN105", ".")
    assert result.exit_code == 0
    lines = dict(line.split(" = ", 1) for line in result.stdout.splitlines())
    assert lines["config_file"].endswith("pyproject.toml")
    assert "'SYN103'" in lines["select"] and "'SYN105'" not in lines["select"]
    assert lines["fixable"] == "ALL"
