"""synclint/rule_info.py, what the command line reads without importing the rules, must
say what the rule classes say."""

from __future__ import annotations

from synclint.rule_info import RULES, find_rule, suggest
from synclint.rules import ALL_RULES


def test_the_metadata_table_matches_the_rule_classes() -> None:
    missing = sorted(set(ALL_RULES) - set(RULES))
    assert not missing, f"a new rule adds its row to synclint/rule_info.py: {missing}"
    for code, rule in ALL_RULES.items():
        info = RULES[code]
        assert (info.name, info.summary, info.default_enabled, info.fixable,
                info.triggers, info.group) == (rule.name, rule.summary, rule.default_enabled,
                                               rule.fixable, tuple(rule.triggers),
                                               rule.group), code


def test_rules_are_found_by_code_or_name() -> None:
    assert find_rule("syn101") == "SYN101"
    assert find_rule("sync-in-loop") == "SYN101"
    assert find_rule("sync_in_loop") == "SYN101"
    assert find_rule("no-such-rule") is None
    assert suggest("sync-in-lop") == "sync-in-loop"
    assert suggest("zzzz") is None
