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


def test_each_case_breaks_only_inside_f() -> None:
    """The cases are clean: every break is in `f`'s body (the pattern, or the use of the
    value it read), never in the harness's module code or a helper it did not mean."""
    stored = load()
    for case in CASES:
        lines = case.module_text().splitlines()
        first = next(n for n, line in enumerate(lines, 1) if line.startswith("def f("))
        for config, label in stored["labels"][case.name].items():
            for line in label["breaks"]:
                assert first < line <= len(lines), (case.name, config, line)
