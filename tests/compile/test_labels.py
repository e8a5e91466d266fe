"""The stored labels are what Dynamo does now: a torch upgrade that changes a break fails
here, before the knowledge table (synclint/knowledge/dynamo.py) can go stale."""

from __future__ import annotations

import os

import pytest

from tests.compile.cases import CASES
from tests.compile.labelling import CONFIGS, label_all, load

torch = pytest.importorskip("torch")

#: Every configuration is re-run with SYNCLINT_SLOW_TESTS=1 or when the installed torch is
#: not the one that made the labels; otherwise the flags without fullgraph (a minute less).
_FULL = bool(os.environ.get("SYNCLINT_SLOW_TESTS")) or \
    load()["torch"] != torch.__version__.split("+")[0]
_CONFIGS = CONFIGS if _FULL else ("default", "both")


def test_the_set_is_large_and_marks_one_line_per_case() -> None:
    assert len(CASES) >= 40
    assert len({case.name for case in CASES}) == len(CASES)
    stored = load()
    assert set(stored["labels"]) == {case.name for case in CASES}
    assert stored["sites"] == {case.name: case.site for case in CASES}


def test_dynamo_breaks_where_the_labels_say() -> None:
    fresh = label_all(CASES, _CONFIGS)
    stored = load()["labels"]
    differences = [f"{name} under {config}: stored {stored[name][config]}, now {label}"
                   for name, labels in fresh.items() for config, label in labels.items()
                   if label != stored[name][config]]
    assert not differences, "\n".join(differences)


def test_each_case_breaks_at_its_marked_line_or_not_at_all() -> None:
    """The cases are clean: a break is the pattern's own (at the marked line, or at the
    use of the value read there), never an unrelated line of the harness."""
    stored = load()
    for case in CASES:
        for config, label in stored["labels"][case.name].items():
            for line in label["breaks"]:
                assert case.site - 1 <= line <= case.site + 2, (case.name, config, line)
