"""The catalogue is grouped by the kind of stall, in `synclint rules` and in the README."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from synclint.cli import main
from synclint.rule_info import GROUPS
from synclint.rules import ALL_RULES

README = Path(__file__).resolve().parents[2] / "README.md"


def test_every_rule_belongs_to_a_known_group() -> None:
    for code, rule in ALL_RULES.items():
        assert rule.group in GROUPS, code


def test_rules_command_prints_each_group_once_in_catalogue_order() -> None:
    out = CliRunner().invoke(main, ["rules"]).output.splitlines()
    headings = [line for line in out if line in GROUPS]
    assert headings == sorted(set(headings), key=GROUPS.index)
    # Each rule is listed under its own group's heading.
    current = None
    for line in out:
        if line in GROUPS:
            current = line
        elif line[:6] in ALL_RULES:
            assert ALL_RULES[line[:6]].group == current, line


def test_rules_json_carries_the_group() -> None:
    rules = json.loads(CliRunner().invoke(main, ["rules", "--output-format", "json"]).output)
    assert {r["code"]: r["group"] for r in rules} == {c: r.group for c, r in ALL_RULES.items()}


def test_readme_table_names_every_rule_under_its_group() -> None:
    rows = [line.split("|") for line in README.read_text().splitlines()
            if line.startswith("| ") and "| SYN" in line]
    table = {cells[2].strip(): cells[1].strip() for cells in rows}
    assert table == {code: rule.group for code, rule in ALL_RULES.items()}
