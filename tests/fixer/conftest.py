"""Registers the fake fixing rules for the fixer tests only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from synclint.rules import ALL_RULES

from .fake_rules import FAKE_RULES


@pytest.fixture(autouse=True)
def fake_rules(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # The engine holds the same dict object, so this registers them there too.
    for rule in FAKE_RULES:
        monkeypatch.setitem(ALL_RULES, rule.code, rule)
    yield
