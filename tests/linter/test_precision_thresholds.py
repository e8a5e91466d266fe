"""`benchmarks/precision.py` judges its figures: it exits non-zero below its thresholds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.linter.test_precision_data import BENCHMARKS, precision

FOUND = """\
# expect: SYN101=1
# why: a float() of a tensor in a loop the linter must see
import torch
def f(losses: list[torch.Tensor]) -> float:
    total = 0.0
    for loss in losses:
        total += float(loss)
    return total
"""
FALSE_POSITIVE = """\
# expect: none
# targets: SYN301
# why: a squared sum of a tensor known to be float64 cannot overflow
import torch
def f(g: torch.Tensor) -> torch.Tensor:
    return (g.double() ** 2).sum()
"""


def _snippet(root: Path, folder: str, name: str, source: str) -> None:
    (root / folder).mkdir(parents=True, exist_ok=True)
    (root / folder / name).write_text(source, encoding="utf-8")


def test_every_rule_meets_its_own_bar_on_the_labelled_set(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The gate CI runs: `benchmarks/precision.py --per-rule` (overall and per rule)."""
    assert precision.main([str(BENCHMARKS / "precision"), "--per-rule"]) == 0
    out = capsys.readouterr().out
    assert "overall" in out and "Per-rule bars" in out


def test_known_failures_name_labelled_cases_of_their_rule() -> None:
    root = BENCHMARKS / "precision"
    snippets = {snippet.path: snippet for snippet in precision.load_snippets(root)}
    for entry in precision.KNOWN_FAILURES:
        snippet = snippets[root / entry.snippet]
        # A miss or false positive of the rule, or a rule firing where every code must
        # stay silent (a look-alike of another rule).
        assert (entry.code in snippet.labels.expect or entry.code in snippet.labels.targets
                or not snippet.labels.expect), entry
        assert entry.code in precision.KNOWN_CODES and entry.why


def _figures(**fields: object) -> precision.RuleFigures:
    return precision.RuleFigures("SYN104", **fields)  # type: ignore[arg-type]


KNOWN = (precision.KnownFailure("SYN104", "positive/known.py", "a reason"),)
#: A rule without failures, so that the overall figure stays above its bar.
CLEAN = precision.RuleFigures("SYN101", expected=100, detected=100, negatives=100)


def _gate(rule: precision.RuleFigures, known: tuple[precision.KnownFailure, ...]) -> list[str]:
    return precision.below_thresholds({"SYN101": CLEAN, "SYN104": rule}, {"SYN101", "SYN104"},
                                      0.95, 0.05, per_rule=True, known=known)


def test_a_known_miss_lowers_the_bar_by_itself_and_no_more() -> None:
    one_known = _figures(expected=16, detected=15, missed_in={"positive/known.py": 1},
                         evaluated=["positive/known.py"])
    assert precision.rule_bar(one_known, 0.95, 0.05, KNOWN).min_recall == 15 / 16
    assert _gate(one_known, KNOWN) == []
    another = _figures(expected=16, detected=14,
                       missed_in={"positive/known.py": 1, "positive/new.py": 1})
    assert _gate(another, KNOWN) == ["SYN104 recall 14/16 < 0.94"]
    # Without the entry the rule is held to the default bar.
    assert _gate(one_known, ()) == ["SYN104 recall 15/16 < 0.95"]


def test_a_known_false_positive_lowers_the_false_positive_bar_by_itself() -> None:
    known = (precision.KnownFailure("SYN104", "negative/known.py", "a reason"),)
    fired = _figures(negatives=11, false_positive_snippets=1, fired_on=["negative/known.py"],
                     evaluated=["negative/known.py"])
    assert precision.rule_bar(fired, 0.95, 0.05, known).max_fp_rate == 1 / 11
    assert _gate(fired, known) == []
    twice = _figures(negatives=11, false_positive_snippets=2,
                     fired_on=["negative/known.py", "negative/new.py"])
    assert _gate(twice, known) == [
        "SYN104 false-positive rate 2/11 > 0.09"]


def test_a_known_failure_the_rule_now_gets_right_must_be_removed() -> None:
    fixed = _figures(expected=16, detected=16, evaluated=["positive/known.py"])
    [stale] = _gate(fixed, KNOWN)
    assert stale.startswith("SYN104 gets positive/known.py right now: remove it")


def test_a_rule_firing_on_another_rules_snippet_fails_the_per_rule_gate() -> None:
    strayed = _figures(expected=20, detected=20, strayed_on=["positive/syn106_x.py"])
    assert precision.below_thresholds({"SYN104": strayed}, {"SYN104"}, 0.95, 0.05) == []
    assert _gate(strayed, ()) == [
        "SYN104 fires where the labels say it must not: positive/syn106_x.py"]


def test_a_recall_below_the_threshold_exits_1(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    _snippet(tmp_path, "positive", "syn101_found.py", FOUND)
    assert precision.main([str(tmp_path)]) == 0  # found: recall 1/1
    assert precision.main([str(tmp_path), "--min-recall", "1.01"]) == 1
    assert "below threshold: overall recall 1/1 < 1.01" in capsys.readouterr().err


def test_a_false_positive_rate_above_the_threshold_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _snippet(tmp_path, "negative", "syn301_double.py", FALSE_POSITIVE)
    assert precision.main([str(tmp_path)]) == 0
    figures, _ = precision.evaluate(precision.load_snippets(tmp_path), ["SYN301"])
    figures["SYN301"].false_positive_snippets = 1  # as if the rule had fired
    assert precision.below_thresholds(figures, {"SYN301"}, 0.95, 0.05) == [
        "overall false-positive rate 1/1 > 0.05"]
    assert precision.below_thresholds(figures, {"SYN301"}, 0.95, 0.05, per_rule=True) == [
        "overall false-positive rate 1/1 > 0.05", "SYN301 false-positive rate 1/1 > 0.05"]


def test_per_rule_thresholds_judge_each_rule(tmp_path: Path) -> None:
    figures = {"SYN101": precision.RuleFigures("SYN101", expected=20, detected=20),
               "SYN104": precision.RuleFigures("SYN104", expected=10, detected=9)}
    assert precision.below_thresholds(figures, set(figures), 0.95, 0.05) == []
    assert precision.below_thresholds(figures, set(figures), 0.95, 0.05, per_rule=True) == [
        "SYN104 recall 9/10 < 0.95"]


def test_malformed_labels_exit_2(tmp_path: Path) -> None:
    _snippet(tmp_path, "positive", "syn101_bad.py", "# why: no expect line\nimport torch\n")
    assert precision.main([str(tmp_path)]) == 2
