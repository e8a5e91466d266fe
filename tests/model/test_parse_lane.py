"""The parse lane (`analysis/parse_lane.py`): a child that parses some of a cold walk's
checked files. The walk with it gives the files, trees and imports a walk without it
gives; a child that fails, or that parsed another text, only costs time."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from synclint.analysis import index_cache, parse_lane
from synclint.analysis.parse_lane import ParseLane, ahead_positions

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the lane forks")


def _project(root: Path) -> list[str]:
    package = root / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from .core import step\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "core.py").write_text(
        "import torch\ntry:\n    import fast as speed\nexcept ImportError:\n"
        "    from . import slow as speed\n\n\ndef step(m, x):\n"
        "    m.register_forward_hook(lambda *a: None)\n    return speed.f(x).item()\n")
    (package / "slow.py").write_text("def f(x):\n    return x\n")
    (package / "broken.py").write_text("def f(:\n")
    (package / "sub" / "core.py").write_text("from ..core import step\n")  # same stem
    for folder in ("x", "y"):  # not packages: both modules are `util` (one `util@N`)
        (root / folder).mkdir()
        (root / folder / "util.py").write_text(f"import torch\nfrom . import {folder}\n")
    (root / "other.py").write_text("from pkg.sub.core import step\nX = [1, 2, 3]\n")
    for number in range(12):
        (root / f"mod{number}.py").write_text(f"import torch\n\n\ndef f{number}(t):\n"
                                              f"    return t.sum() * {number}\n")
    return sorted(str(path) for path in root.rglob("*.py"))


def _described(files: list[index_cache._File]) -> list[tuple[object, ...]]:
    described = []
    for file in files:
        tree = file.tree
        assert tree is not None
        nodes = {id(node) for node in ast.walk(tree)}
        assert all(id(call) in nodes for call in file.registrations or ())
        described.append((file.name, file.module, file.sha, file.imports, file.fallbacks,
                          ast.dump(tree, include_attributes=True),
                          [ast.dump(call) for call in file.registrations or ()]))
    return described


def test_a_walk_with_the_lane_holds_what_a_walk_without_it_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = _project(tmp_path)
    overlays = {os.path.realpath(paths[-1]): "import torch\nY = torch.ones(1)\n"}
    serial = index_cache._walk(paths, str, {}, overlays)
    taken: list[int] = []
    original = ParseLane.take

    def take(self: ParseLane, position: int, sha: str) -> object:
        found = original(self, position, sha)
        if found is not None:
            taken.append(position)
        return found

    monkeypatch.setattr(parse_lane, "MIN_FILES", 1)
    monkeypatch.setattr(ParseLane, "take", take)
    parallel = index_cache._walk(paths, str, {}, overlays, parallel=True)
    assert _described(parallel) == _described(serial)
    assert any("@" in file.module for file in parallel)  # the clash was walked
    broken = next(n for n, p in enumerate(paths) if p.endswith("broken.py"))
    assert set(taken) == set(ahead_positions(len(paths))) - {broken}


def test_a_lane_that_fails_costs_nothing_but_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = _project(tmp_path)
    serial = index_cache._walk(paths, str, {}, {})

    def failing(*args: object) -> None:
        raise RuntimeError("the child fails")

    monkeypatch.setattr(parse_lane, "MIN_FILES", 1)
    monkeypatch.setattr(index_cache, "_parse_ahead", failing)
    assert _described(index_cache._walk(paths, str, {}, {}, parallel=True)) == \
        _described(serial)


def test_a_tree_of_another_text_is_not_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parse_lane, "MIN_FILES", 1)
    tree = ast.parse("x = 1\n")
    lane = ParseLane.start(["a.py"] * 10, lambda position, path: ("sha-of-old-text", (tree, 0)))
    assert lane is not None
    try:
        position = ahead_positions(10)[0]
        assert lane.take(position, "sha-of-new-text") is None
        second = ahead_positions(10)[1]
        found = lane.take(second, "sha-of-old-text")
        assert found is not None and ast.dump(found[0]) == ast.dump(tree)
        assert lane.take(0, "sha-of-old-text") is None  # not a position the child parses
    finally:
        lane.close()


def test_no_lane_for_a_few_files() -> None:
    assert ParseLane.start(["a.py"] * (parse_lane.MIN_FILES - 1), lambda p, q: None) is None
