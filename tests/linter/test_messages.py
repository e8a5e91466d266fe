"""Every message is one short sentence (<= 100 characters) of what and why; the remedy
and any reason for no safe fix live in `help` (STYLE.md, "Messages and fixes")."""

from __future__ import annotations

import re

import pytest

from synclint.engine import lint_source
from synclint.rules import ALL_RULES
from synclint.rules.base import Example

MAX_MESSAGE = 100
#: Fix-availability prose that belongs in `help` or the `[*]` marker, never the message.
FIX_PROSE = ("no automatic fix", "the fix is unsafe", "(unsafe", "(no fix", "informational",
             "fixable")


def _findings() -> list[tuple[str, str, str | None]]:
    found = []
    for code, rule in ALL_RULES.items():
        for example in rule.INVALID:
            source = example.code if isinstance(example, Example) else example
            for d in lint_source(source, "example.py", [code]).diagnostics:
                if d.code == code:
                    found.append((code, d.message, d.help))
    return found


FINDINGS = _findings()


@pytest.mark.parametrize(("code", "message", "help_text"), FINDINGS,
                         ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(FINDINGS)])
def test_message_is_one_short_sentence_without_fix_prose(code: str, message: str,
                                                         help_text: str | None) -> None:
    assert len(message) <= MAX_MESSAGE, f"{len(message)} characters: {message}"
    assert not message.endswith(("...", "…")), f"cut: {message}"
    assert ";" not in message, message
    assert not any(p in message.lower() for p in FIX_PROSE), message
    if help_text is not None:
        assert help_text.endswith("."), help_text
        assert help_text.count("No safe fix:") <= 1
        # Reads cleanly: parentheses closed, no lead-in clause said twice.
        assert help_text.count("(") == help_text.count(")"), help_text
        leads = re.findall(r"([^.;:()]{12,}): ", help_text)
        assert len(leads) == len(set(leads)), help_text


def test_every_rule_with_examples_has_findings_here() -> None:
    assert {c for c, _, _ in FINDINGS} == {c for c, r in ALL_RULES.items() if r.INVALID}
