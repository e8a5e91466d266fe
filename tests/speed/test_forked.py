"""A cold check on a system that forks (`synclint.forked`): the lint workers fork from the
process that built the model. The findings are those of the views sent from an indexing
child (`checking.check_files`) and of a serial run, and a child that dies costs nothing."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import synclint.checking as checking
import synclint.forked as forked
from synclint.config import Overrides, resolve_settings
from synclint.files import discover
from synclint.model import facts as facts_module
from synclint.model.facts import file_facts, share_trees
from synclint.runner import check_paths

PRECISION = Path(__file__).resolve().parents[2] / "benchmarks" / "precision"

pytestmark = pytest.mark.skipif(not forked.can_fork(), reason="workers do not fork here")


def _copy(cases: list[Path], destination: Path) -> list[str]:
    copied = []
    for case in cases:
        target = destination / case.parent.name / case.name
        shutil.copytree(case, target)
        copied.append(str(target))
    return copied


def _results(paths: list[str], jobs: int) -> list[object]:
    settings = resolve_settings(paths, None, Overrides(select=("ALL",)))
    files = list(discover(paths, settings))
    return [o.result for o in check_paths(files, settings, jobs=jobs)]


@pytest.fixture
def projects(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(checking, "POOL_THRESHOLD", 2)
    monkeypatch.delenv("SYNCLINT_OVERLAP_INDEX", raising=False)
    cases = sorted(PRECISION.glob("positive/*_wp_*"))[:10]
    cases += sorted(PRECISION.glob("negative/*_wp_*"))[:4]
    assert len(cases) == 14 and all(case.is_dir() for case in cases)
    return _copy(cases, tmp_path)


def test_forked_workers_find_what_the_other_ways_find(
        projects: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []
    original = forked.check_forked

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(forked, "check_forked", spy)
    through_fork = _results(projects, jobs=2)
    assert started == [1]
    monkeypatch.setattr(forked, "can_fork", lambda: False)
    through_views = _results(projects, jobs=2)
    serial = _results(projects, jobs=1)
    assert started == [1]
    assert through_fork == through_views == serial
    found = [d for r in through_fork for d in r.diagnostics]  # type: ignore[attr-defined]
    assert any(d.related for d in found)  # findings that need the model: a chain


def test_a_child_that_dies_leaves_the_files_to_the_usual_way(
        projects: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _results(projects, jobs=1)

    def dies(connection, paths, settings, workers, cache):  # type: ignore[no-untyped-def]
        os._exit(3)

    monkeypatch.setattr(forked, "_child", dies)
    assert _results(projects, jobs=2) == expected


def test_a_child_that_dies_midway_keeps_what_it_sent(
        projects: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _results(projects, jobs=1)
    original = forked._child

    def dies_after_one(connection, paths, settings, workers, cache):  # type: ignore[no-untyped-def]
        class Once:
            sent = 0

            def send(self, message: object) -> None:
                if self.sent == 1:
                    os._exit(3)
                self.sent += 1
                connection.send(message)

        original(Once(), paths, settings, workers, cache)

    monkeypatch.setattr(forked, "_child", dies_after_one)
    assert sorted(_results(projects, jobs=2), key=lambda r: r.filename) == \
        sorted(expected, key=lambda r: r.filename)  # type: ignore[attr-defined]


SOURCE = "import torch\n\ndef f(ts):\n    for t in ts:\n        t.item()\n"


def test_file_facts_read_the_models_tree_of_the_same_text(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.py"
    path.write_text(SOURCE, encoding="utf-8")
    project = checking.index_project([str(path)], None)
    assert project is not None
    module = next(m for m in project.modules.values() if m.filename.endswith("a.py"))
    view = project.view(module.filename)
    assert view is not None and view.sha and module.tree is not None
    monkeypatch.setattr(facts_module, "_shared_trees", None)
    share_trees({module.filename: (module.sha, module.tree)})
    shared = file_facts(SOURCE, module.filename, view)
    assert shared is not None and shared.tree is module.tree
    # Another text under the same name (the file changed since): parsed afresh.
    changed = file_facts(SOURCE + "x = 1\n", module.filename, view)
    assert changed is not None and changed.tree is not module.tree
    share_trees(None)
    alone = file_facts(SOURCE, module.filename, view)
    assert alone is not None and alone.tree is not module.tree
