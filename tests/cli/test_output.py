"""What a run prints: ruff's summary lines, `[*]` for the fixes this run would apply,
unsafe fixes with their applicability in JSON and SARIF, the full format, statistics."""

from __future__ import annotations

import json

from .conftest import NAIVE, Cli

#: `p` may not be a tensor: the batched fix exists but is unsafe.
UNSAFE = "import torch\nfor p in ps:\n    p.item()\n"


def test_summary_counts_fixable_and_hidden_fixes(cli: Cli) -> None:
    cli.write("a_safe.py", NAIVE)
    cli.write("b_unsafe.py", UNSAFE)
    result = cli("check", ".")
    assert result.exit_code == 1
    assert "a_safe.py:6:21: SYN101 [*] " in result.stdout
    assert "b_unsafe.py:3:5: SYN101 `.item()`" in result.stdout  # no marker
    assert result.stderr.splitlines() == [
        "Found 2 errors.",
        "[*] 1 fixable with the `--fix` option (1 hidden fix can be enabled with the "
        "`--unsafe-fixes` option).",
    ]
    with_unsafe = cli("check", "--unsafe-fixes", ".")
    assert "b_unsafe.py:3:5: SYN101 [*] " in with_unsafe.stdout
    assert with_unsafe.stderr.splitlines()[-1] == "[*] 2 fixable with the `--fix` option."


def test_only_hidden_fixes(cli: Cli) -> None:
    cli.write("b_unsafe.py", UNSAFE)
    assert cli("check", ".").stderr.splitlines() == [
        "Found 1 error.",
        "No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).",
    ]


def test_fix_summary_says_fixed_and_remaining_and_never_suggests_fix(cli: Cli) -> None:
    cli.write("a_safe.py", NAIVE)
    cli.write("b_unsafe.py", UNSAFE)
    result = cli("fix", ".")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "Found 2 errors (1 fixed, 1 remaining).",
        "No fixes available (1 hidden fix can be enabled with the `--unsafe-fixes` option).",
    ]
    cli.write("b_unsafe.py", "x = 1\n")
    cli.write("a_safe.py", NAIVE)
    result = cli("fix", ".")
    assert result.exit_code == 0
    assert result.stderr.strip() == "Found 1 error (1 fixed, 0 remaining)."


def test_json_and_sarif_always_carry_unsafe_fixes(cli: Cli) -> None:
    cli.write("b_unsafe.py", UNSAFE)
    [finding] = json.loads(cli("check", "--output-format", "json", ".").stdout)
    assert finding["fix"]["applicability"] == "unsafe"
    assert finding["fix"]["edits"]
    assert "No safe fix: " in finding["help"]
    sarif = json.loads(cli("check", "--output-format", "sarif", ".").stdout)
    [result] = sarif["runs"][0]["results"]
    assert result["properties"]["fixApplicability"] == "unsafe"
    replacement = result["fixes"][0]["artifactChanges"][0]["replacements"][0]
    assert replacement["insertedContent"]["text"]
    assert replacement["deletedRegion"]["startLine"] >= 1


def test_full_format_shows_the_source_and_help(cli: Cli) -> None:
    cli.write("a.py", NAIVE)
    out = cli("check", "--output-format", "full", "a.py").stdout
    lines = out.splitlines()
    assert lines[0].startswith("a.py:6:21: SYN101 [*] `.item()` in a loop")
    assert "5 |     for name, p in model.named_parameters():" in lines
    assert "6 |         out[name] = p.norm().item()" in lines
    caret = lines[lines.index("6 |         out[name] = p.norm().item()") + 1]
    assert caret.index("^") == len("6 | ") + 20
    assert any(line.startswith("  = help: Collect the tensors") for line in lines)


def test_full_format_of_stdin(cli: Cli) -> None:
    out = cli("check", "--output-format", "full", "-", input=NAIVE).stdout
    assert "6 |         out[name] = p.norm().item()" in out


def test_statistics_honours_json(cli: Cli) -> None:
    cli.write("a.py", NAIVE)
    cli.write("b.py", UNSAFE)
    result = cli("check", "--statistics", "--output-format", "json", ".")
    assert json.loads(result.stdout) == [
        {"code": "SYN101", "name": "sync-in-loop", "count": 2, "fixable": True}]
    text = cli("check", "--statistics", ".").stdout
    assert text == "2\tSYN101\t[*] sync-in-loop\n"


def test_rule_accepts_a_name(cli: Cli) -> None:
    result = cli("rule", "tensor-condition")
    assert result.exit_code == 0 and result.stdout.startswith("# SYN102 tensor-condition")
    bad = cli("rule", "tensor-conditon")
    assert bad.exit_code == 2
    assert "did you mean 'tensor-condition'?" in bad.stderr
