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


def test_the_labelled_set_meets_the_overall_thresholds(capsys: pytest.CaptureFixture[str]) -> None:
    assert precision.main([str(BENCHMARKS / "precision")]) == 0
    assert "overall" in capsys.readouterr().out


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
