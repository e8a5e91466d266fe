"""`synclint check`: exit codes, formats, selection, configuration and bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from tests.cli.conftest import CLEAN, NAIVE, Cli

SARIF_SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"


def test_clean_file_exits_zero(cli: Cli) -> None:
    cli.write("ok.py", CLEAN)
    result = cli("check", "ok.py")
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert "All checks passed!" in result.stderr


def test_finding_exits_one_with_ruff_style_line(cli: Cli) -> None:
    cli.write("bad.py", NAIVE)
    result = cli("check", "bad.py")
    assert result.exit_code == 1
    assert result.stdout.startswith("bad.py:6:21: SYN101 ")
    assert "Found 1 error." in result.stderr


def test_exit_zero_keeps_findings_but_exits_zero(cli: Cli) -> None:
    cli.write("bad.py", NAIVE)
    result = cli("check", "--exit-zero", "bad.py")
    assert result.exit_code == 0
    assert "SYN101" in result.stdout


def test_default_path_is_the_current_directory(cli: Cli) -> None:
    cli.write("pkg/bad.py", NAIVE)
    result = cli("check")
    assert result.exit_code == 1
    assert "pkg/bad.py:6:21: SYN101" in result.stdout


def test_syntax_error_is_a_finding_and_other_files_are_still_checked(cli: Cli) -> None:
    cli.write("a_broken.py", "import torch\ndef f(:\n")
    cli.write("b_bad.py", NAIVE)
    result = cli("check", ".")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("a_broken.py:2:") and " SYN000 SyntaxError" in lines[0]
    assert lines[1].startswith("b_bad.py:6:21: SYN101")


def test_missing_path_is_a_usage_error(cli: Cli) -> None:
    result = cli("check", "nope.py")
    assert result.exit_code == 2
    assert "nope.py" in result.stderr


def test_unknown_select_code_is_exit_two_naming_it(cli: Cli) -> None:
    cli.write("ok.py", CLEAN)
    result = cli("check", "--select", "SYN999", "ok.py")
    assert result.exit_code == 2
    assert "SYN999" in result.stderr


def test_select_and_ignore_prefixes(cli: Cli) -> None:
    cli.write("bad.py", NAIVE)
    assert cli("check", "--ignore", "SYN1", "bad.py").exit_code == 0
    assert cli("check", "--select", "SYN2", "bad.py").exit_code == 0
    assert cli("check", "--select", "ALL", "bad.py").exit_code == 1
    assert cli("check", "--select", "SYN301", "--extend-select", "SYN101", "bad.py").exit_code == 1


def test_json_output_follows_the_schema(cli: Cli) -> None:
    cli.write("bad.py", NAIVE)
    result = cli("check", "--output-format", "json", "bad.py")
    assert result.exit_code == 1
    findings = json.loads(result.stdout)
    assert len(findings) == 1
    finding = findings[0]
    assert set(finding) == {"code", "message", "filename", "location", "end_location", "fix",
                            "help", "related", "runtime", "graph_break", "graph_break_flag"}
    assert finding["graph_break"] is None  # not compiled code
    assert finding["code"] == "SYN101"
    assert finding["filename"] == "bad.py"
    assert finding["location"] == {"row": 6, "column": 21}
    assert finding["end_location"] == {"row": 6, "column": 36}
    assert finding["fix"] is None or set(finding["fix"]) == {"applicability", "message", "edits"}
    assert result.stderr == ""  # no human summary mixed into machine output


def test_sarif_output_validates_against_the_official_schema(cli: Cli) -> None:
    cli.write("bad.py", NAIVE)
    cli.write("broken.py", "def f(:\n")
    result = cli("check", "--output-format", "sarif", ".")
    document = json.loads(result.stdout)
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validate(document, schema)
    run = document["runs"][0]
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    assert "SYN101" in rules and rules["SYN101"]["help"]["text"]
    results = run["results"]
    assert {r["ruleId"] for r in results} == {"SYN101", "SYN000"}
    location = next(r for r in results if r["ruleId"] == "SYN101")["locations"][0]
    assert location["physicalLocation"]["artifactLocation"]["uri"] == "bad.py"
    assert location["physicalLocation"]["region"]["startLine"] == 6


def test_github_format_prints_workflow_annotations(cli: Cli) -> None:
    cli.write("bad.py", NAIVE)
    result = cli("check", "--output-format", "github", "bad.py")
    line = result.stdout.strip()
    assert line.startswith("::warning file=bad.py,line=6,col=21,endLine=6,endColumn=36,title=SYN101::")
    assert "SYN101 `.item()`" in line


def test_statistics_counts_per_rule(cli: Cli) -> None:
    cli.write("a.py", NAIVE)
    cli.write("b.py", NAIVE)
    result = cli("check", "--statistics", ".")
    assert result.exit_code == 1
    assert result.stdout.split() [:2] == ["2", "SYN101"]


def test_output_file_receives_the_report(cli: Cli) -> None:
    cli.write("bad.py", NAIVE)
    result = cli("check", "--output-format", "json", "-o", "out.json", "bad.py")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert json.loads((cli.root / "out.json").read_text())[0]["code"] == "SYN101"


def test_stdin_with_stdin_filename(cli: Cli) -> None:
    result = cli("check", "-", "--stdin-filename", "src/model.py", input=NAIVE)
    assert result.exit_code == 1
    assert result.stdout.startswith("src/model.py:6:21: SYN101")


def test_quiet_prints_no_summary(cli: Cli) -> None:
    cli.write("bad.py", NAIVE)
    result = cli("check", "-q", "bad.py")
    assert result.stderr == ""
    assert "SYN101" in result.stdout


def test_noqa_comments_suppress(cli: Cli) -> None:
    cli.write("a.py", NAIVE.replace(".item()\n", ".item()  # noqa: SYN101\n"))
    cli.write("b.py", NAIVE.replace(".item()\n", ".item()  # noqa\n"))
    cli.write("c.py", NAIVE.replace(".item()\n", ".item()  # synclint: ignore[SYN101]\n"))
    cli.write("d.py", "# synclint: noqa\n" + NAIVE)
    cli.write("e.py", NAIVE.replace(".item()\n", ".item()  # noqa: SYN102\n"))
    result = cli("check", ".")
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == ["e.py"]


def test_config_select_ignore_and_per_file_ignores(cli: Cli) -> None:
    cli.write("pyproject.toml", '[tool.synclint]\nper-file-ignores = { "tests/*" = ["SYN101"] }\n')
    cli.write("tests/test_x.py", NAIVE)
    cli.write("src/x.py", NAIVE)
    result = cli("check", ".")
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == ["src/x.py"]


def test_config_exclude_and_gitignore(cli: Cli) -> None:
    cli.write("pyproject.toml", '[tool.synclint]\nextend-exclude = ["generated"]\n')
    (cli.root / ".git").mkdir()
    cli.write(".gitignore", "ignored_*.py\nscratch/\n")
    cli.write("generated/a.py", NAIVE)
    cli.write("ignored_b.py", NAIVE)
    cli.write("scratch/c.py", NAIVE)
    cli.write(".venv/d.py", NAIVE)
    cli.write("kept.py", NAIVE)
    result = cli("check", ".")
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == ["kept.py"]


def test_unknown_config_key_is_exit_two_naming_file_and_key(cli: Cli) -> None:
    cli.write("pyproject.toml", "[tool.synclint]\nselekt = ['SYN1']\n")
    cli.write("ok.py", CLEAN)
    result = cli("check", "ok.py")
    assert result.exit_code == 2
    assert "pyproject.toml" in result.stderr and "selekt" in result.stderr


def test_unknown_code_in_config_is_exit_two(cli: Cli) -> None:
    cli.write("pyproject.toml", "[tool.synclint]\nignore = ['SYN777']\n")
    cli.write("ok.py", CLEAN)
    result = cli("check", "ok.py")
    assert result.exit_code == 2
    assert "SYN777" in result.stderr


def test_malformed_toml_is_exit_two(cli: Cli) -> None:
    cli.write("pyproject.toml", "[tool.synclint\nselect = \n")
    cli.write("ok.py", CLEAN)
    result = cli("check", "ok.py")
    assert result.exit_code == 2
    assert "invalid TOML" in result.stderr


def test_explicit_config_file(cli: Cli) -> None:
    cli.write("conf/custom.toml", "[tool.synclint]\nignore = ['SYN101']\n")
    cli.write("bad.py", NAIVE)
    assert cli("check", "--config", "conf/custom.toml", "bad.py").exit_code == 0


# -- bad input ---------------------------------------------------------------------------

def test_undecodable_and_binary_files_are_reported_and_others_checked(cli: Cli) -> None:
    cli.write("a_latin.py", b"import torch\nx = '\xff\xfe'\n")
    cli.write("b_binary.py", b"\x00\x01\x02torch\x00")
    cli.write("c_bad.py", NAIVE)
    result = cli("check", ".")
    assert result.exit_code == 1
    assert "c_bad.py:6:21: SYN101" in result.stdout
    # Reported as findings of their own code (like ruff's E902), not only on stderr.
    assert "a_latin.py:1:1: SYN001 Cannot decode as utf-8" in result.stdout
    assert "b_binary.py:1:1: SYN001 Contains NUL bytes" in result.stdout


def test_encoding_cookie_and_bom_are_honoured(cli: Cli) -> None:
    cli.write("latin.py", ("# -*- coding: latin-1 -*-\n" + NAIVE + "s = 'é'\n").encode("latin-1"))
    cli.write("bom.py", b"\xef\xbb\xbf" + NAIVE.encode())
    result = cli("check", ".")
    assert sorted(line.split(":")[0] for line in result.stdout.splitlines()) == ["bom.py", "latin.py"]
    assert "bom.py:6:21:" in result.stdout and "latin.py:7:21:" in result.stdout


def test_empty_file_is_clean(cli: Cli) -> None:
    cli.write("empty.py", "")
    assert cli("check", "empty.py").exit_code == 0


def test_symlink_loop_does_not_hang(cli: Cli) -> None:
    cli.write("pkg/bad.py", NAIVE)
    os.symlink(cli.root / "pkg", cli.root / "pkg" / "loop")
    result = cli("check", ".")
    assert result.stdout.count("SYN101") == 1


def test_large_generated_file(cli: Cli) -> None:
    body = "".join(f"x{i} = torch.zeros({i})\n" for i in range(40_000))
    cli.write("big.py", "import torch\n" + body + NAIVE)
    assert len((cli.root / "big.py").read_bytes()) > 1_000_000
    result = cli("check", "big.py")
    assert result.exit_code == 1 and "SYN101" in result.stdout


def test_deeply_nested_brackets_are_reported_not_crashed(cli: Cli) -> None:
    cli.write("deep.py", "import torch\nx = " + "(" * 5000 + "1" + ")" * 5000 + "\n")
    cli.write("ok.py", NAIVE)
    result = cli("check", ".")
    assert "deep.py:2:" in result.stdout and "too many nested parentheses" in result.stdout
    assert "ok.py:6:21: SYN101" in result.stdout


def test_internal_error_in_a_rule_is_exit_two_and_other_files_go_on(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    from synclint.rules.sync_in_loop import SyncInLoop

    def explode(self: SyncInLoop, node: object) -> None:
        if "boom" in self.ctx.source:
            raise RuntimeError("kaboom")

    monkeypatch.setattr(SyncInLoop, "visit_Attribute", explode, raising=False)
    # A host read in a loop: the model lets SYN101 run on the file (a file where no rule
    # can fire is never walked, so no rule could fail in it).
    cli.write("a_boom.py", "import torch\n# boom\nfor b in batches:\n    x = b.item()\n")
    cli.write("b_bad.py", NAIVE)
    result = cli("check", "--jobs", "1", ".")
    assert result.exit_code == 2
    assert "a_boom.py" in result.stderr and "internal error" in result.stderr
    assert "b_bad.py:6:21: SYN101" in result.stdout


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True,
                    reason="root reads files whatever their permissions")
def test_unreadable_file_is_reported(cli: Cli) -> None:
    path = cli.write("secret.py", NAIVE)
    path.chmod(0)
    result = cli("check", ".")
    assert "secret.py:1:1: SYN001 Cannot read: Permission denied" in result.stdout


def test_directory_named_like_a_python_file_is_walked_not_read(cli: Cli) -> None:
    cli.write("weird.py/inner.py", NAIVE)
    result = cli("check", ".")
    assert "weird.py/inner.py:6:21: SYN101" in result.stdout


# -- other commands ----------------------------------------------------------------------

def test_rule_prints_its_page(cli: Cli) -> None:
    result = cli("rule", "SYN101")
    assert result.exit_code == 0
    assert result.stdout.startswith("# SYN101 sync-in-loop")
    assert "## Why is this bad?" in result.stdout


def test_rule_with_unknown_code_is_exit_two(cli: Cli) -> None:
    assert cli("rule", "SYN999").exit_code == 2


def test_rules_lists_default_state_and_fixability(cli: Cli) -> None:
    result = cli("rules")
    assert result.exit_code == 0
    line = next(l for l in result.stdout.splitlines() if l.startswith("SYN101"))
    assert "sync-in-loop" in line and " on " in line


def test_python_dash_m_and_version(cli: Cli) -> None:
    cli.write("bad.py", NAIVE)
    done = subprocess.run([sys.executable, "-m", "synclint", "check", "bad.py"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "SYN101" in done.stdout
    version = subprocess.run([sys.executable, "-m", "synclint", "--version"],
                             capture_output=True, text=True, check=True)
    assert "synclint" in version.stdout


def test_parallel_run_matches_serial_run(cli: Cli) -> None:
    for i in range(40):
        cli.write(f"m{i:02d}.py", NAIVE if i % 3 == 0 else CLEAN)
    serial = cli("check", "--jobs", "1", ".")
    parallel = cli("check", "--jobs", "2", ".")
    assert serial.stdout == parallel.stdout
    assert serial.stdout.count("SYN101") == 14
