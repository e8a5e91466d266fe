"""A run without a cache parses while the index is built: the same findings as indexing
first (the default; SYNCLINT_OVERLAP_INDEX=1 overlaps), whatever the index child does."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import synclint.checking as checking
import synclint.forked as forked
import synclint.overlap as overlap
from synclint.config import Overrides, resolve_settings
from synclint.engine import lint_source, parse_ahead
from synclint.files import discover
from synclint.overlap import _first_batches, nothing_cached
from synclint.rules import ALL_RULES
from synclint.runner import check_paths

PRECISION = Path(__file__).resolve().parents[2] / "benchmarks" / "precision"
SLOW = os.environ.get("SYNCLINT_SLOW_TESTS") == "1"


def _results(paths: list[str], serial: bool, monkeypatch: pytest.MonkeyPatch,
             jobs: int = 2) -> list[object]:
    settings = resolve_settings(paths, None, Overrides(select=("ALL",)))
    files = list(discover(paths, settings))
    if serial:
        monkeypatch.delenv("SYNCLINT_OVERLAP_INDEX", raising=False)
    else:
        monkeypatch.setenv("SYNCLINT_OVERLAP_INDEX", "1")
    return [o.result for o in check_paths(files, settings, jobs=jobs)]


def _copy(cases: list[Path], destination: Path) -> list[str]:
    copied = []
    for case in cases:
        target = destination / case.parent.name / case.name
        if case.is_dir():
            shutil.copytree(case, target)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(case, target)
        copied.append(str(target))
    return copied


def _same_both_ways(paths: list[str], monkeypatch: pytest.MonkeyPatch) -> list[object]:
    monkeypatch.setattr(checking, "POOL_THRESHOLD", 2)
    overlapped = _results(paths, False, monkeypatch)
    serial = _results(paths, True, monkeypatch)
    assert overlapped == serial
    return overlapped


def test_whole_program_cases_match_the_serial_index(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cases = sorted(PRECISION.glob("positive/*_wp_*"))[:12]
    assert len(cases) == 12 and all(case.is_dir() for case in cases)
    results = _same_both_ways(_copy(cases, tmp_path), monkeypatch)
    found = [d for r in results for d in r.diagnostics]  # type: ignore[attr-defined]
    # Findings that need the views: a sync behind a call, named in `related`.
    assert any(d.related for d in found)


@pytest.mark.skipif(not SLOW, reason="every labelled case: set SYNCLINT_SLOW_TESTS=1")
def test_every_labelled_case_matches_the_serial_index(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cases = sorted(PRECISION.glob("positive/*")) + sorted(PRECISION.glob("negative/*"))
    results = _same_both_ways(_copy(cases, tmp_path), monkeypatch)
    assert sum(len(r.diagnostics) for r in results) > 200  # type: ignore[attr-defined]


def test_a_failing_index_child_falls_back_to_indexing_in_the_parent(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cases = sorted(PRECISION.glob("positive/*_wp_*"))[:3]
    paths = _copy(cases, tmp_path)
    monkeypatch.setattr(checking, "POOL_THRESHOLD", 2)
    serial = _results(paths, True, monkeypatch)

    def broken(*args: object) -> None:
        raise MemoryError("the index child ran out of memory")

    monkeypatch.setattr(overlap, "_index_child", broken)  # the forked child inherits it
    assert _results(paths, False, monkeypatch) == serial
    assert any(d.related for r in serial for d in r.diagnostics)  # type: ignore[attr-defined]


def test_an_index_child_that_dies_leaves_the_parent_to_index(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default order (index first): a child that exits without sending the views (out
    of memory, a signal) costs time, never the cross-file findings."""
    paths = _copy(sorted(PRECISION.glob("positive/*_wp_*"))[:3], tmp_path)
    monkeypatch.setattr(checking, "POOL_THRESHOLD", 2)
    monkeypatch.setattr(forked, "can_fork", lambda: False)  # the views are sent
    serial = _results(paths, True, monkeypatch, jobs=1)
    called: list[bool] = []

    def dies(*args: object) -> None:
        os._exit(3)

    def in_parent(*args: object, **kwargs: object) -> checking.ProjectViews:
        called.append(True)
        return original(*args, **kwargs)  # type: ignore[arg-type]

    original = checking.project_views
    monkeypatch.setattr(checking, "_send_views", dies)  # the forked child inherits it
    monkeypatch.setattr(checking, "project_views", in_parent)
    assert _results(paths, True, monkeypatch) == serial
    assert called  # the parent indexed
    assert any(d.related for r in serial for d in r.diagnostics)  # type: ignore[attr-defined]


def test_first_batches_take_the_first_paths_in_order(tmp_path: Path) -> None:
    paths = []
    for index in range(40):
        path = tmp_path / f"m{index:02}.py"
        path.write_text("x = 1\n" * (1 + index % 7), encoding="utf-8")
        paths.append(str(path))
    first, budget = _first_batches(paths, 3)
    total = sum(os.path.getsize(p) for p in paths)
    assert budget == int(total * overlap.AHEAD_SHARE)
    # One batch per worker, each just reaching the budget, from the start of the list.
    assert len(first) == 3
    assert [p for batch in first for p in batch] == paths[:sum(len(b) for b in first)]
    for batch in first:
        sizes = [os.path.getsize(p) for p in batch]
        assert sum(sizes[:-1]) < budget <= sum(sizes)


TORCH_LOOP = ("import torch\n\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
              "        print(t.item())\n")


def test_parse_ahead_parses_only_what_every_view_needs() -> None:
    codes = set(ALL_RULES)
    parsed = parse_ahead(TORCH_LOOP, codes)
    assert parsed is not None and parsed.code == TORCH_LOOP
    # The same findings from the tree parsed ahead.
    assert lint_source(TORCH_LOOP, "a.py", codes, parsed=parsed).diagnostics == \
        lint_source(TORCH_LOOP, "a.py", codes).diagnostics
    assert parse_ahead("x = 1\n", codes) is None  # only a view could make it need one
    assert parse_ahead("import torch\nfor t in ts:\n    t.item(\n", codes) is None  # invalid
    assert parse_ahead("import torch\nx = " + "(" * 300 + ")" * 300 + "\n", codes) is None


def test_a_first_run_with_an_empty_cache_overlaps_and_fills_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from synclint.cache import ResultCache

    paths = _copy(sorted(PRECISION.glob("positive/*_wp_*"))[:3], tmp_path / "src")
    monkeypatch.setattr(checking, "POOL_THRESHOLD", 2)
    expected = _results(paths, True, monkeypatch)
    settings = resolve_settings(paths, None, Overrides(select=("ALL",)))
    files = list(discover(paths, settings))
    cache = ResultCache(tmp_path / "cache")
    assert nothing_cached(cache)
    monkeypatch.setenv("SYNCLINT_OVERLAP_INDEX", "1")
    overlapped = check_paths(files, settings, jobs=2, cache=cache)
    assert [o.result for o in overlapped] == expected
    assert not nothing_cached(cache)

    def no_linting(*args: object, **kwargs: object) -> None:
        raise AssertionError("a warm run lints nothing")

    monkeypatch.setattr(checking, "lint_text", no_linting)
    warm = check_paths(files, settings, jobs=2, cache=cache)
    assert [o.result for o in warm] == expected


def test_forked_workers_read_the_inherited_views_and_others_get_them_sent(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    paths = _copy(sorted(PRECISION.glob("positive/*_wp_*"))[:4], tmp_path)
    monkeypatch.setattr(checking, "POOL_THRESHOLD", 2)
    monkeypatch.setattr(forked, "can_fork", lambda: False)  # the views are sent
    one_process = _results(paths, True, monkeypatch, jobs=1)
    assert any(d.related for r in one_process for d in r.diagnostics)  # type: ignore[attr-defined]
    sent: list[bool] = []  # whether each task carried its file's view

    from concurrent.futures import ProcessPoolExecutor

    class Watched(ProcessPoolExecutor):
        def map(self, fn, *iterables, **kwargs):  # type: ignore[no-untyped-def,override]
            tasks = list(iterables[0])
            sent.extend(task[3] is not None for task in tasks)
            return super().map(fn, tasks, **kwargs)

    monkeypatch.setattr("concurrent.futures.ProcessPoolExecutor", Watched)
    assert multiprocessing.get_start_method() == "fork"
    assert _results(paths, True, monkeypatch) == one_process
    assert sent and not any(sent)  # forked: no task carries a view
    assert checking._FORKED_VIEWS is None  # let go after the check
    sent.clear()
    monkeypatch.setattr(multiprocessing, "get_start_method", lambda *a, **k: "forkserver")
    assert _results(paths, True, monkeypatch) == one_process
    assert any(sent)  # the tasks carry the views
