"""Every rule's own VALID examples must not fire it; its INVALID examples must."""

from __future__ import annotations

import pytest

from synclint.engine import lint_source
from synclint.rule_info import IO_ERROR
from synclint.rules import ALL_RULES
from synclint.rules.base import Example


def _valid_cases() -> list[tuple[str, int, str]]:
    return [(code, i, src) for code, rule in ALL_RULES.items() for i, src in enumerate(rule.VALID)]


def _invalid_cases() -> list[tuple[str, int, Example]]:
    return [
        (code, i, ex if isinstance(ex, Example) else Example(ex))
        for code, rule in ALL_RULES.items()
        for i, ex in enumerate(rule.INVALID)
    ]


@pytest.mark.parametrize(("code", "index", "source"), _valid_cases(),
                         ids=[f"{c}-valid-{i}" for c, i, _ in _valid_cases()])
def test_valid_example_does_not_fire(code: str, index: int, source: str) -> None:
    output = lint_source(source, "example.py", [code])
    assert output.error is None
    assert [d for d in output.diagnostics if d.code == code] == []


@pytest.mark.parametrize(("code", "index", "example"), _invalid_cases(),
                         ids=[f"{c}-invalid-{i}" for c, i, _ in _invalid_cases()])
def test_invalid_example_fires(code: str, index: int, example: Example) -> None:
    output = lint_source(example.code, "example.py", [code])
    assert output.error is None
    found = [d for d in output.diagnostics if d.code == code]
    if example.count is None:
        assert found, f"{code} did not fire on:\n{example.code}"
    else:
        assert len(found) == example.count, [d.message for d in found]


def test_every_rule_has_examples_both_ways() -> None:
    for code, rule in ALL_RULES.items():
        if code == IO_ERROR:  # found by reading files, never in source: see test_errors.py
            continue
        assert len(rule.VALID) >= 3, code
        if rule.runtime_only:
            # Only a runtime profile makes its findings (tests/join); source never does.
            assert rule.INVALID == [], code
            continue
        assert len(rule.INVALID) >= 3, code
