"""The join's matching rules on hand-made profiles and findings (no torch needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from synclint.diagnostics import Diagnostic, Location, Related
from synclint.join import by_cost, covers, join_profile
from synclint.profile_data import Frame, Profile, Site
from synclint.rules import ALL_RULES, DEFAULT_CODES

HELPER = "def value(t):\n    return t.item()\n"
CALLER = "import torch\nfrom lib import value\n\nfor t in ts:\n    value(t)\n"


def _site(*frames: tuple[str, int, str], count: int = 4, kind: str = "item",
          code: str = "SYN101") -> Site:
    stack = tuple(Frame(*f) for f in frames)
    top = stack[0]
    return Site(top.file, top.line, top.function, kind, count, code, False, stack)


def _finding(file: str, row: int, code: str = "SYN101", *, end_row: int | None = None,
             related: tuple[Related, ...] = ()) -> Diagnostic:
    return Diagnostic(code, "m", file, Location(row, 5), Location(end_row or row, 9),
                      related=related)


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "lib.py").write_text(HELPER)
    (tmp_path / "main.py").write_text(CALLER)
    monkeypatch.chdir(tmp_path)
    return tmp_path


SITE = _site(("lib.py", 2, "value"), ("main.py", 5, "<module>"))


def _join(diagnostics: list[Diagnostic], *sites: Site,
          checked: tuple[str, ...] = ("lib.py", "main.py"),
          codes: frozenset[str] = DEFAULT_CODES) -> list[Diagnostic]:
    profile = Profile(sum(s.count for s in sites), "emulated", sites)
    return join_profile(diagnostics, profile, list(checked), lambda _path: codes)


def test_a_finding_on_the_sync_line_covers_it(tree: Path) -> None:
    assert covers(_finding("lib.py", 2), SITE)
    assert covers(_finding("lib.py", 1, end_row=3), SITE)  # a finding over several lines
    assert not covers(_finding("lib.py", 1), SITE)
    assert not covers(_finding("main.py", 2), SITE)
    # Relative and absolute spellings of one file match.
    assert covers(_finding(str(tree / "lib.py"), 2), SITE)


def test_a_call_chain_covers_the_sync_it_leads_to(tree: Path) -> None:
    # Reported at the call in the loop, with the helper's sync as a related location.
    chain = _finding("main.py", 5, related=(Related("lib.py", Location(2, 12), "syncs"),))
    assert covers(chain, SITE)
    # Reported at the call with any call chain: the caller's frame is on the finding.
    other = _finding("main.py", 5, related=(Related("main.py", Location(4, 1), "loop"),))
    assert covers(other, SITE)
    # A finding without a call chain that merely shares a caller's line is about
    # something else on that line.
    assert not covers(_finding("main.py", 5), SITE)


def test_covered_findings_carry_the_count_and_blind_sites_become_syn199(tree: Path) -> None:
    joined = _join([_finding("lib.py", 2)], SITE)
    assert [(d.code, d.runtime_syncs) for d in joined] == [("SYN101", 4)]
    joined = _join([], SITE)
    [only] = joined
    assert (only.code, only.filename, only.location.row, only.runtime_syncs) == (
        "SYN199", "lib.py", 2, 4)
    assert only.location.column == 5 and only.end_location.column == len("    return t.item()") + 1
    assert [(r.filename, r.location.row) for r in only.related] == [("main.py", 5)]
    # The help names the sync's kind and the command that shows its call stack.
    assert only.help is not None and "`item` syncs" in only.help
    assert "`synclint profile` shows the call stack" in only.help


def test_syn199_goes_to_the_innermost_checked_frame(tree: Path) -> None:
    # lib.py is not being checked (an installed library, say): the finding lands on the
    # caller, and says where the sync really is.
    [only] = _join([], SITE, checked=("main.py",))
    assert (only.filename, only.location.row) == ("main.py", 5)
    assert [(r.filename, r.location.row, r.message) for r in only.related] == [
        ("lib.py", 2, "the sync happens here")]
    # Nothing of the stack is checked: nothing to report.
    assert _join([], SITE, checked=()) == []


def test_a_single_sync_is_not_hot_code(tree: Path) -> None:
    assert _join([], _site(("lib.py", 2, "value"), count=1)) == []


def test_syn199_respects_noqa_and_the_selected_codes(tree: Path) -> None:
    assert _join([], SITE, codes=DEFAULT_CODES - {"SYN199"}) == []
    (tree / "lib.py").write_text("def value(t):\n    return t.item()  # noqa: SYN199\n")
    assert _join([], SITE) == []


def test_a_sync_whose_rule_is_off_stays_off(tree: Path) -> None:
    waits = _site(("main.py", 5, "<module>"), kind="synchronize", code="SYN103")
    assert "SYN103" not in DEFAULT_CODES
    assert _join([], waits) == []
    [only] = _join([], waits, codes=DEFAULT_CODES | {"SYN103"})
    assert only.code == "SYN199"


def test_sites_on_one_line_make_one_finding(tree: Path) -> None:
    other = _site(("lib.py", 2, "value"), ("main.py", 4, "<module>"), count=3, kind="float")
    [only] = _join([], SITE, other)
    assert only.runtime_syncs == 7
    assert only.message.startswith("7 host syncs")


def test_counts_only_where_the_run_could_have_seen_syncs(tree: Path) -> None:
    (tree / "cold.py").write_text("x = 1\n")
    joined = _join([_finding("main.py", 1), _finding("main.py", 1, "SYN301"),
                    _finding("cold.py", 1), _finding("lib.py", 2)], SITE)
    # An executed file's sync finding without a measured sync: 0; other rules and files
    # that never ran: no measurement at all.
    assert [d.runtime_syncs for d in joined] == [0, None, None, 4]


def test_by_cost_is_stable_and_puts_unmeasured_last() -> None:
    a, b, c = (_finding("x.py", n) for n in (1, 2, 3))
    from dataclasses import replace

    ordered = by_cost([a, replace(b, runtime_syncs=2), replace(c, runtime_syncs=9)])
    assert [d.location.row for d in ordered] == [3, 2, 1]


def test_syn199_never_fires_from_source() -> None:
    from synclint.engine import lint_source

    rule = ALL_RULES["SYN199"]
    assert rule.runtime_only and rule.default_enabled and not rule.fixable
    for source in rule.VALID:
        assert [d for d in lint_source(source, "x.py", list(ALL_RULES)).diagnostics
                if d.code == "SYN199"] == []


def test_a_call_chain_covers_a_sync_whose_recorded_stack_stops_before_the_call(
        tree: Path) -> None:
    # A recorded stack keeps only the innermost frames (events.MAX_STACK): in a deep chain
    # the call in the loop is not on it, and the finding's chain is what still leads there.
    deep = _site(("lib.py", 2, "value"))
    chain = _finding("main.py", 5, related=(Related("lib.py", Location(2, 12), "syncs"),))
    assert covers(chain, deep)
    assert not covers(_finding("main.py", 5), deep)
    joined = _join([chain], deep)
    assert [(d.code, d.runtime_syncs) for d in joined] == [("SYN101", deep.count)]


def test_syn199_spans_its_line_and_its_related_places_start_their_lines(tree: Path) -> None:
    [only] = _join([], SITE, checked=("main.py",))
    assert only.end_location.row == only.location.row == 5
    assert [(r.location.row, r.location.column) for r in only.related] == [(2, 1)]
    [caller_side] = _join([], SITE)
    assert [(r.location.row, r.location.column) for r in caller_side.related] == [(5, 1)]


def test_a_profile_older_than_the_file_it_points_into_does_not_break_the_join(
        tree: Path) -> None:
    # The file was shortened after the run: the site's line is past its end.
    stale = _site(("lib.py", 40, "value"), ("main.py", 5, "<module>"))
    [only] = _join([], stale)
    assert (only.code, only.filename, only.location.row) == ("SYN199", "lib.py", 40)
    assert only.location.column == only.end_location.column == 1
