"""The fix loop: rounds, overlaps, discarded invalid rounds, the round limit, idempotency."""

from __future__ import annotations

from synclint.engine import lint_source
from synclint.fixer import MAX_ROUNDS, FixResult, apply_fixes, fix_source

from .fake_rules import FAKE_CODES

HEADER = "import torch\n"


def fix(text: str, *, unsafe: bool = False, max_rounds: int = MAX_ROUNDS) -> FixResult:
    return fix_source(text, "pkg/mod.py", FAKE_CODES, unsafe=unsafe, max_rounds=max_rounds)


def test_item_call_is_rewritten_and_counted() -> None:
    result = fix(HEADER + "for t in ts:\n    v = t.item()  # keep me\n")
    assert result.text == HEADER + "for t in ts:\n    v = t.tolist()  # keep me\n"
    assert result.changed
    assert dict(result.fixed) == {"SYN901": 1}
    assert result.fixed_total == 1
    assert result.rounds == 1
    assert result.remaining == ()
    assert result.error is None and result.discarded == ()


def test_clean_file_is_returned_unchanged() -> None:
    text = HEADER + "x = torch.ones(2)\n"
    result = fix(text)
    assert result.text == text and not result.changed and result.rounds == 0


def test_overlapping_fixes_are_applied_in_later_rounds() -> None:
    result = fix(HEADER + "v = t.item().item()\n")
    assert result.text == HEADER + "v = t.tolist().tolist()\n"
    assert result.rounds == 2
    assert dict(result.fixed) == {"SYN901": 2}


def test_apply_fixes_takes_only_non_overlapping_fixes_in_one_round() -> None:
    text = HEADER + "v = t.item().item()\nw = u.item()\n"
    diagnostics = lint_source(text, "m.py", FAKE_CODES).diagnostics
    assert len(diagnostics) == 3
    new, applied = apply_fixes(text, diagnostics, unsafe=False)
    assert len(applied) == 2
    assert new == HEADER + "v = t.tolist().item()\nw = u.tolist()\n"


def test_identical_fixes_are_applied_once_and_every_finding_counts() -> None:
    result = fix(HEADER + "y = x.dup()\n")
    assert result.text == HEADER + "y = x.done()\n"
    assert dict(result.fixed) == {"SYN906": 2}
    assert result.rounds == 1


def test_unsafe_fix_is_applied_only_when_opted_in() -> None:
    text = HEADER + "y = x.maybe()\n"
    safe_only = fix(text)
    assert safe_only.text == text
    assert [d.code for d in safe_only.remaining] == ["SYN904"]
    opted_in = fix(text, unsafe=True)
    assert opted_in.text == HEADER + "y = x.tolist()\n"
    assert dict(opted_in.fixed) == {"SYN904": 1}


def test_fix_producing_invalid_code_is_discarded_and_reported() -> None:
    text = HEADER + "y = x.broken()\n"
    result = fix(text)
    assert result.text == text and not result.changed
    assert result.error is None
    assert len(result.discarded) == 1
    assert result.discarded[0].startswith("pkg/mod.py:2:5: SYN902 fix discarded")
    assert "invalid Python" in result.discarded[0]
    assert [d.code for d in result.remaining] == ["SYN902"]


def test_valid_fix_is_kept_when_another_fix_of_its_round_breaks_the_code() -> None:
    text = HEADER + "y = x.broken()\nz = x.item()\n"
    result = fix(text)
    assert result.text == HEADER + "y = x.broken()\nz = x.tolist()\n"
    assert dict(result.fixed) == {"SYN901": 1}
    assert len(result.discarded) == 1
    assert [d.code for d in result.remaining] == ["SYN902"]


def test_fixes_valid_alone_but_invalid_together_are_applied_one_by_one() -> None:
    text = HEADER + "if c:\n    a.kill()\n    b.kill()\n"
    result = fix(text)
    # Deleting both would leave an empty block: the first goes, the second is discarded.
    assert result.text == HEADER + "if c:\n    \n    b.kill()\n"
    assert dict(result.fixed) == {"SYN907": 1}
    assert len(result.discarded) == 1
    assert [d.code for d in result.remaining] == ["SYN907"]


def test_fixes_that_never_converge_stop_at_the_round_limit_with_an_error() -> None:
    text = HEADER + "y = x.grow()\n"
    result = fix(text)
    assert result.error is not None
    assert result.error.filename == "pkg/mod.py"
    assert f"{MAX_ROUNDS} rounds" in result.error.message
    # A loop that does not converge is a bug: the text is left as it was.
    assert result.text == text and not result.changed and dict(result.fixed) == {}
    assert [d.code for d in result.remaining] == ["SYN903"]


def test_round_limit_is_configurable() -> None:
    result = fix(HEADER + "v = t.item().item().item()\n", max_rounds=2)
    assert result.error is not None and "2 rounds" in result.error.message
    assert fix(HEADER + "v = t.item().item().item()\n", max_rounds=3).error is None


def test_fixing_the_output_again_changes_nothing() -> None:
    text = (HEADER + '"""x"""\nv = t.item().item()\ny = x.dup()\nw = p.grad.needs()\n'
            "z = x.broken()\n")
    first = fix(text)
    assert first.changed
    second = fix(first.text)
    assert second.text == first.text
    assert not second.changed and second.rounds == 0 and dict(second.fixed) == {}


def test_file_with_a_syntax_error_is_left_unchanged_with_syn000() -> None:
    text = HEADER + "y = x.item(\n"
    result = fix(text)
    assert result.text == text and not result.changed
    assert [d.code for d in result.remaining] == ["SYN000"]


def test_edit_columns_count_characters_not_bytes() -> None:
    text = HEADER + 'label = "é\tß"; v = t.item()\n'
    assert fix(text).text == HEADER + 'label = "é\tß"; v = t.tolist()\n'


def test_fix_without_applicable_codes_changes_nothing() -> None:
    text = HEADER + "v = t.item()\n"
    result = fix_source(text, "m.py", ["SYN902"], unsafe=True)
    assert result.text == text and result.remaining == ()
