"""Hidden findings counted per tier (worth42): the engine counts each finding that opt-in or
once code holds back, once per node and rule, not where a suppression comment would filter
it, and the results cache keeps the counts."""

from __future__ import annotations

import textwrap

from synclint.cache import result_from_json, result_to_json
from synclint.diagnostics import FileResult
from synclint.engine import lint_source, lint_text
from synclint.hidden import hint, total

OPT_IN_AND_ONCE = textwrap.dedent("""\
    import torch
    from torch import nn


    class Stats(nn.Module):
        def __init__(self, include_std: bool = False) -> None:
            super().__init__()
            self.include_std = include_std

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            if self.include_std:
                self.std = x.std().item()
                self.var = x.var().item()
            return x


    def write_xyz(coordinates: torch.Tensor, dest: str) -> None:
        with open(dest, "w") as f:
            for atom in coordinates:
                f.write(f"{atom[0].item():.6f}")
    """)


def test_each_hidden_finding_is_counted_in_its_tier() -> None:
    output = lint_source(OPT_IN_AND_ONCE, "stats.py", ["SYN101", "SYN102"])
    assert output.diagnostics == []
    assert dict(output.hidden) == {"opt-in": 2, "once": 1}


def test_a_shown_tier_is_not_counted() -> None:
    output = lint_source(OPT_IN_AND_ONCE, "stats.py", ["SYN101"], opt_in=True)
    assert len(output.diagnostics) == 2
    assert output.hidden == (("once", 1),)
    shown = lint_source(OPT_IN_AND_ONCE, "stats.py", ["SYN101"], opt_in=True, once=True)
    assert len(shown.diagnostics) == 3
    assert shown.hidden == ()


def test_a_rule_not_selected_hides_nothing() -> None:
    assert lint_source(OPT_IN_AND_ONCE, "stats.py", ["SYN301"]).hidden == ()


def test_suppressed_hidden_findings_are_not_counted() -> None:
    source = OPT_IN_AND_ONCE.replace("x.var().item()", "x.var().item()  # noqa: SYN101")
    assert dict(lint_source(source, "stats.py", ["SYN101"]).hidden) == {"opt-in": 1, "once": 1}
    other = OPT_IN_AND_ONCE.replace("x.var().item()", "x.var().item()  # noqa: SYN102")
    assert dict(lint_source(other, "stats.py", ["SYN101"]).hidden) == {"opt-in": 2, "once": 1}


def test_the_results_cache_keeps_the_counts() -> None:
    result = lint_text(OPT_IN_AND_ONCE, "stats.py", ["SYN101"])
    assert result.hidden == (("once", 1), ("opt-in", 2))
    assert result_from_json(result_to_json(result)) == result
    legacy = result_to_json(FileResult("stats.py"))
    del legacy["hidden"]
    assert result_from_json(legacy).hidden == ()


def test_the_hint_names_every_tier_with_findings_and_its_flag() -> None:
    assert hint({}) is None
    assert hint({"opt-in": 0}) is None
    assert hint({"once": 1}) == "1 finding in once code is hidden (use `--once` to show it)."
    counts = total([(("once", 1), ("opt-in", 2)), (("opt-in", 1),)])
    assert counts == {"once": 1, "opt-in": 3}
    assert hint(counts) == ("4 findings in opt-in or once code are hidden "
                            "(use `--opt-in` / `--once` to show them).")
    # A tier a later version adds is named by its own flag, after the known ones.
    assert hint({"reach": 2, "once": 1}) == ("3 findings in once or reach code are hidden "
                                             "(use `--once` / `--reach` to show them).")
