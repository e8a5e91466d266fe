"""The labelled precision set is well-formed: parses, known codes, enough cases per rule."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import libcst as cst
import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
#: Rules with their own minimum of positives and targeted look-alikes, and the
#: off-by-default ones that need only a few.
MAIN_RULES = ("SYN101", "SYN102", "SYN104", "SYN105", "SYN201", "SYN301")
OFF_BY_DEFAULT_RULES = ("SYN103", "SYN202")
#: The hidden-sync catalogue rules and the merge rule: a smaller minimum each.
CATALOGUE_RULES = ("SYN108", "SYN109", "SYN110", "SYN111", "SYN112")
MIN_PER_CATALOGUE_RULE = 4
MIN_SNIPPETS = 80
MIN_PER_MAIN_RULE = 8
MIN_PER_OFF_RULE = 3


def _load_precision() -> ModuleType:
    spec = importlib.util.spec_from_file_location("synclint_precision_bench",
                                                  BENCHMARKS / "precision.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve their module by name
    spec.loader.exec_module(module)
    return module


precision = _load_precision()
SNIPPETS = precision.load_snippets(BENCHMARKS / "precision")
IDS = [f"{s.path.parent.name}/{s.path.name}" for s in SNIPPETS]


@pytest.mark.parametrize("snippet", SNIPPETS, ids=IDS)
def test_snippet_parses_with_libcst(snippet: Any) -> None:
    cst.parse_module(snippet.source)


@pytest.mark.parametrize("snippet", SNIPPETS, ids=IDS)
def test_snippet_sits_in_the_folder_its_labels_say(snippet: Any) -> None:
    labels = snippet.labels
    folder = snippet.path.parent.name
    assert folder == ("positive" if labels.is_positive else "negative")
    assert labels.why, "every snippet says why it is labelled so"


@pytest.mark.parametrize("snippet", SNIPPETS, ids=IDS)
def test_snippet_name_starts_with_a_code_it_is_about(snippet: Any) -> None:
    labels = snippet.labels
    prefix = snippet.path.name.split("_", 1)[0].upper()
    about = set(labels.expect) if labels.is_positive else set(labels.targets)
    assert prefix in about


@pytest.mark.parametrize("snippet", SNIPPETS, ids=IDS)
def test_snippet_is_realistic_torch_code_of_bounded_size(snippet: Any) -> None:
    source = snippet.source
    assert "torch" in source
    assert 5 <= len(source.splitlines()) <= 45


def test_labels_name_only_known_codes() -> None:
    known = set(precision.KNOWN_CODES)
    for snippet in SNIPPETS:
        labels = snippet.labels
        assert set(labels.expect) | labels.targets | labels.unjudged <= known, snippet.path


def test_set_has_enough_positives_and_negatives() -> None:
    positives = [s for s in SNIPPETS if s.labels.is_positive]
    negatives = [s for s in SNIPPETS if not s.labels.is_positive]
    assert len(positives) >= MIN_SNIPPETS
    assert len(negatives) >= MIN_SNIPPETS


def test_every_rule_has_enough_positives_and_targeted_lookalikes() -> None:
    positive_counts = Counter(code for s in SNIPPETS for code in s.labels.expect)
    negative_counts = Counter(code for s in SNIPPETS if not s.labels.is_positive
                              for code in s.labels.targets)
    for code in MAIN_RULES:
        assert positive_counts[code] >= MIN_PER_MAIN_RULE, code
        assert negative_counts[code] >= MIN_PER_MAIN_RULE, code
    for code in OFF_BY_DEFAULT_RULES:
        assert positive_counts[code] >= MIN_PER_OFF_RULE, code
        assert negative_counts[code] >= MIN_PER_OFF_RULE, code
    for code in CATALOGUE_RULES:
        assert positive_counts[code] >= MIN_PER_CATALOGUE_RULE, code
        assert negative_counts[code] >= MIN_PER_CATALOGUE_RULE, code


@pytest.mark.parametrize(("header", "problem"), [
    ("# why: no expect line\n", "no '# expect:'"),
    ("# expect: SYN999=1\n", "unknown code"),
    ("# expect: SYN101=0\n", "start at 1"),
    ("# expect: SYN101\n", "bad expect item"),
    ("# expect: none\n", "needs a 'targets:'"),
    ("# expect: SYN101=1\n# unjudged: SYN101\n", "both judged and unjudged"),
])
def test_malformed_headers_are_rejected_with_the_problem(header: str, problem: str) -> None:
    with pytest.raises(precision.LabelError, match=problem):
        precision.parse_labels(header + "import torch\n", Path("x.py"))


def test_exact_and_minimum_counts_parse() -> None:
    labels = precision.parse_labels("# expect: SYN101=2, SYN102>=1\n# why: w\nx = 1\n",
                                    Path("x.py"))
    assert labels.expect["SYN101"].satisfied_by(2)
    assert not labels.expect["SYN101"].satisfied_by(3)
    assert labels.expect["SYN102"].satisfied_by(3)
    assert not labels.expect["SYN102"].satisfied_by(0)


def test_benchmark_runs_and_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert precision.main(["--verbose"]) == 0
    out = capsys.readouterr().out
    assert "overall" in out and "SYN101" in out
