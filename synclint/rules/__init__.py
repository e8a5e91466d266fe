"""The rule registry: every rule class by code, in code order."""

from __future__ import annotations

from synclint.rules.base import Rule
from synclint.rules.sync_in_loop import SyncInLoop

_RULES: list[type[Rule]] = [
    SyncInLoop,
]

ALL_RULES: dict[str, type[Rule]] = {rule.code: rule for rule in sorted(_RULES, key=lambda r: r.code)}
DEFAULT_CODES: frozenset[str] = frozenset(
    code for code, rule in ALL_RULES.items() if rule.default_enabled
)

__all__ = ["ALL_RULES", "DEFAULT_CODES", "Rule"]
