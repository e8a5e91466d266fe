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

    def dies(*args: object) -> None:
        os._exit(3)

    monkeypatch.setattr(forked, "_child", dies)
    assert _results(projects, jobs=2) == expected


def _group_members(group: int) -> list[int]:
    """The processes of a process group (Linux /proc)."""
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii") as handle:
                    fields = handle.read().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[2]) == group and fields[0] != "Z":
                members.append(int(entry))
    return members


def test_a_child_that_dies_midway_keeps_what_it_sent(
        projects: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _results(projects, jobs=1)
    original = forked._child
    noted = tmp_path / "child.pid"

    def dies_after_one(connection, paths, settings, workers, cache, *rest):  # type: ignore[no-untyped-def]
        noted.write_text(str(os.getpid()))

        class Once:
            sent = 0

            def send(self, message: object) -> None:
                if self.sent == 1:
                    os._exit(3)
                self.sent += 1
                connection.send(message)

        original(Once(), paths, settings, workers, cache, *rest)

    monkeypatch.setattr(forked, "_child", dies_after_one)
    assert sorted(_results(projects, jobs=2), key=lambda r: r.filename) == \
        sorted(expected, key=lambda r: r.filename)  # type: ignore[attr-defined]
    # Its workers, left waiting for tasks that never come, are stopped with it.
    assert _group_members(int(noted.read_text())) == []


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


def _waits_for_ever(ready: object) -> None:
    import signal
    import threading

    signal.signal(signal.SIGTERM, lambda *_: None)  # a handler the child had installed
    forked._worker_started()
    threading.Thread(target=threading.Event().wait, daemon=True).start()  # LibCST's stack
    ready.set()  # type: ignore[attr-defined]
    lock = threading.Lock()
    lock.acquire()
    lock.acquire()  # as an idle worker waits for its next task


def test_a_pool_can_always_stop_its_workers() -> None:
    # `Pool.terminate` sends SIGTERM: a Python handler inherited from the child never runs
    # while the worker's main thread waits on a lock (the check then hung at its end).
    import multiprocessing

    context = multiprocessing.get_context("fork")
    ready = context.Event()
    worker = context.Process(target=_waits_for_ever, args=(ready,))
    worker.start()
    assert ready.wait(10)
    worker.terminate()
    worker.join(10)
    alive = worker.is_alive()
    if alive:
        worker.kill()
        worker.join()
    assert not alive
