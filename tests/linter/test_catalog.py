"""The rule catalog (rules/SYNxxx.md): one page per rule, with examples that tell the truth."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from synclint.docs import rule_page, section
from synclint.engine import lint_source
from synclint.rule_info import IO_ERROR
from synclint.rules import ALL_RULES

REQUIRED_SECTIONS = ("What it does", "Why is this bad?", "Example", "Use instead")
CODE_BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def _block(page: str, title: str) -> str:
    blocks = CODE_BLOCK.findall(section(page, title))
    assert len(blocks) == 1, f"section {title!r} must hold exactly one python block"
    return str(blocks[0])


@pytest.mark.parametrize("code", sorted(ALL_RULES))
def test_every_rule_has_a_page_with_the_fixed_sections(code: str) -> None:
    page = rule_page(code)
    assert page is not None, f"rules/{code}.md is missing"
    assert page.startswith(f"# {code} {ALL_RULES[code].name}\n")
    for title in REQUIRED_SECTIONS:
        assert section(page, title), f"{code}: section {title!r} is empty or missing"


def _check_file(tmp_path: Path, data: bytes) -> list[str]:
    """SYN001's examples are files, not code: the codes the runner reports for `data`."""
    from synclint.config import Settings
    from synclint.runner import check_one

    path = tmp_path / "example.py"
    path.write_bytes(data)
    return [d.code for d in check_one(str(path), Settings()).result.diagnostics]


def test_io_error_examples_are_what_their_page_says(tmp_path: Path) -> None:
    page = rule_page(IO_ERROR) or ""
    # The page's blocks, saved as Latin-1 as their comments say.
    assert _check_file(tmp_path, _block(page, "Example").encode("latin-1")) == [IO_ERROR]
    assert _check_file(tmp_path, _block(page, "Use instead").encode("latin-1")) == []


@pytest.mark.parametrize("code", sorted(set(ALL_RULES) - {IO_ERROR}))
def test_example_block_fires_the_rule(code: str) -> None:
    source = _block(rule_page(code) or "", "Example")
    if ALL_RULES[code].runtime_only:
        # A sync the static rules miss: no rule fires from source (tests/join profiles it).
        found = lint_source(source, f"{code}_example.py", list(ALL_RULES)).diagnostics
        assert found == [], [f"{d.code} {d.location.row}: {d.message}" for d in found]
        return
    found = lint_source(source, f"{code}_example.py", [code]).diagnostics
    assert [d for d in found if d.code == code], f"{code}'s Example does not fire it"


@pytest.mark.parametrize("code", sorted(ALL_RULES))
def test_use_instead_block_fires_no_rule(code: str) -> None:
    source = _block(rule_page(code) or "", "Use instead")
    found = lint_source(source, f"{code}_fixed.py", list(ALL_RULES)).diagnostics
    assert found == [], [f"{d.code} {d.location.row}: {d.message}" for d in found]
