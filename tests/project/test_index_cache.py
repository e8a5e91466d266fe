"""The whole-program index kept between runs: a warm run parses only what changed, and
its index is the one a cold run builds (summaries, classes, views), findings included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from synclint.analysis import index_cache
from synclint.analysis.project import Project, build_project_for_paths
from synclint.config import Overrides, resolve_settings
from synclint.runner import check_paths

FILES = {
    "pkg/__init__.py": "",
    "pkg/helpers.py": (
        "import torch\n\n\n"
        "def to_float(t):\n    return t.item()\n\n\n"
        "def identity(x):\n    return x\n"
    ),
    "pkg/layers.py": (
        "import torch\n\nfrom .helpers import identity\n\n\n"
        "class Block(torch.nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.total = torch.zeros(())\n\n"
        "    def forward(self, x):\n"
        "        if self.total > 1:\n"
        "            x = identity(x)\n"
        "        return x\n"
    ),
    "pkg/train.py": (
        "import torch\n\nfrom .helpers import to_float\nfrom .layers import Block\n\n\n"
        "def run(params):\n"
        "    norms = []\n"
        "    for p in params:\n"
        "        norms.append(to_float(p.norm()))\n"
        "    return norms\n\n\n"
        "def one(t):\n    return to_float(t)\n"
    ),
    "pkg/leaf.py": (
        "import torch\n\n\n"
        "def scale(t):\n    return t * 2\n"
    ),
    "pkg/hooks.py": (
        "import torch\n\nfrom .leaf import scale\n\n\n"
        "def on_grad(g):\n    return g\n\n\n"
        "def install(t):\n    t.register_hook(on_grad)\n"
    ),
}


def write_tree(root: Path, files: dict[str, str]) -> list[str]:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return sorted(str(root / name) for name in files)


def state(project: Project, paths: list[str]) -> tuple[object, ...]:
    """Everything the rules and the results cache see of the index."""
    views = {path: project.view(path) for path in paths}
    classes = {key: (sorted(cls.attributes.items(), key=str),
                     sorted(cls.attribute_classes.items()), cls.bases, cls.external)
               for key, cls in project.classes.items()}
    return project.summaries, classes, views


def build(paths: list[str], cache: Path | None) -> Project:
    return build_project_for_paths(paths, lambda path: path, cache)


@pytest.fixture
def tree(tmp_path: Path) -> tuple[list[str], Path]:
    return write_tree(tmp_path / "src", FILES), tmp_path / "cache"


def test_warm_run_with_nothing_changed_parses_no_file(tree: tuple[list[str], Path]) -> None:
    paths, cache = tree
    cold = build(paths, cache)
    assert sorted(cold.parsed_files) == paths
    warm = build(paths, cache)
    assert warm.parsed_files == []
    assert state(warm, paths) == state(build(paths, None), paths)


def test_touching_a_leaf_reindexes_it_and_its_importers_only(
        tree: tuple[list[str], Path]) -> None:
    paths, cache = tree
    build(paths, cache)
    leaf = next(p for p in paths if p.endswith("leaf.py"))
    Path(leaf).write_text(FILES["pkg/leaf.py"] + "\n\ndef more(t):\n    return t.sum()\n")
    warm = build(paths, cache)
    # hooks.py imports leaf.py, so what it may read changed: it is indexed again too.
    assert sorted(warm.parsed_files) == sorted(
        p for p in paths if p.endswith(("leaf.py", "hooks.py")))
    assert state(warm, paths) == state(build(paths, None), paths)
    assert build(paths, cache).parsed_files == []


def test_editing_a_helper_changes_its_callers_summary_and_view(
        tree: tuple[list[str], Path]) -> None:
    paths, cache = tree
    first = build(paths, cache)
    train = next(p for p in paths if p.endswith("train.py"))
    helpers = next(p for p in paths if p.endswith("helpers.py"))
    assert first.summaries["pkg.train:one"].param_effects  # through to_float
    Path(helpers).write_text(FILES["pkg/helpers.py"].replace("return t.item()", "return t"))
    warm = build(paths, cache)
    assert helpers in warm.parsed_files and train in warm.parsed_files
    assert not warm.summaries["pkg.train:one"].param_effects
    assert warm.view(train).digest != first.view(train).digest  # its results go stale
    assert state(warm, paths) == state(build(paths, None), paths)


def test_a_hook_registered_in_a_changed_file_reaches_a_cached_one(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "",
             "pkg/fns.py": "def on_grad(g):\n    return g.item()\n",
             "pkg/install.py": "from .fns import on_grad\n\ndef install(t):\n    pass\n"}
    paths = write_tree(tmp_path / "src", files)
    cache = tmp_path / "cache"
    build(paths, cache)
    install = next(p for p in paths if p.endswith("install.py"))
    Path(install).write_text(files["pkg/install.py"].replace(
        "pass", "t.register_hook(on_grad)"))
    warm = build(paths, cache)
    assert not any(p.endswith("fns.py") for p in warm.parsed_files)
    assert warm.summaries["pkg.fns:on_grad"].hot is not None
    assert state(warm, paths) == state(build(paths, None), paths)


@pytest.mark.parametrize("damage", ["garbage", "truncate", "bad-type", "bad-ref",
                                    "missing-key", "bad-imports"])
def test_a_damaged_entry_is_ignored(tree: tuple[list[str], Path], damage: str) -> None:
    paths, cache = tree
    build(paths, cache)
    (entry,) = (cache / index_cache.INDEX_DIR_NAME).rglob("*.json")
    text = entry.read_text()
    if damage == "garbage":
        entry.write_text("{not json")
    elif damage == "truncate":
        entry.write_text(text[: len(text) // 2])
    else:
        data = json.loads(text)
        if damage == "bad-type":  # a row naming a class outside the analysis package
            data["table"] = [["c", "subprocess.Popen", 0]] + data["table"][1:]
        elif damage == "missing-key":
            del data["modules"][0]["sha"]
        elif damage == "bad-imports":
            for record in data["modules"]:
                record["imports"] = 7
        else:
            data["log"] = [[key, [10**9]] for key, _ in data["log"]]
        entry.write_text(json.dumps(data))
    warm = build(paths, cache)
    assert sorted(warm.parsed_files) == paths  # indexed from scratch, no crash
    assert state(warm, paths) == state(build(paths, None), paths)


def test_entries_of_another_synclint_are_not_read(tree: tuple[list[str], Path],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    paths, cache = tree
    build(paths, cache)
    monkeypatch.setattr("synclint.cache._CODE_FINGERPRINT", "another synclint")
    assert sorted(build(paths, cache).parsed_files) == paths


def test_added_file_rebuilds_from_scratch(tree: tuple[list[str], Path]) -> None:
    paths, cache = tree
    build(paths, cache)
    extra = Path(paths[0]).parent / "extra.py"
    extra.write_text("from .helpers import to_float\n\ndef g(t):\n    return to_float(t)\n")
    # The checked list is the same, but train.py now imports extra.py.
    train = next(p for p in paths if p.endswith("train.py"))
    Path(train).write_text("from . import extra\n" + FILES["pkg/train.py"])
    warm = build(paths, cache)
    assert state(warm, paths) == state(build(paths, None), paths)
    assert "pkg.extra:g" in warm.summaries


def _findings(paths: list[str], cache: Path | None) -> list[tuple[str, int, str]]:
    settings = resolve_settings(paths, None, Overrides(select=("ALL",)))
    from synclint.cache import ResultCache

    outcomes = check_paths(paths, settings, jobs=1,
                           cache=ResultCache(cache) if cache is not None else None)
    return sorted((d.filename, d.location.row, d.message)
                  for o in outcomes for d in o.result.diagnostics)


def test_findings_are_the_same_warm_and_cold_across_edits(
        tree: tuple[list[str], Path]) -> None:
    paths, cache = tree
    helpers = next(p for p in paths if p.endswith("helpers.py"))
    assert _findings(paths, cache) == _findings(paths, None)
    cached = _findings(paths, cache)
    assert any("to_float()" in message for _, _, message in cached)
    Path(helpers).write_text(FILES["pkg/helpers.py"].replace("return t.item()", "return t"))
    warm = _findings(paths, cache)
    assert warm == _findings(paths, None)
    assert not any("to_float()" in message for _, _, message in warm)


def test_replay_is_exact_across_processes(tree: tuple[list[str], Path]) -> None:
    """Another process hashes strings differently: the order of the fixed point, which
    the cache replays, must not depend on it."""
    paths, cache = tree
    script = ("import sys; from pathlib import Path\n"
              "from synclint.analysis.project import build_project_for_paths\n"
              "p = build_project_for_paths(sys.argv[2:], lambda x: x, Path(sys.argv[1]))\n"
              "print(len(p.parsed_files))\n")
    leaf = next(p for p in paths if p.endswith("leaf.py"))
    counts = []
    for seed, edit in (("1", None), ("2", "\ndef again(t):\n    return t\n"), ("3", None)):
        if edit is not None:
            Path(leaf).write_text(FILES["pkg/leaf.py"] + edit)
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-c", script, str(cache), *paths], env=env,
                              capture_output=True, text=True, check=True)
        counts.append(int(done.stdout))
    assert counts == [len(paths), 2, 0]
    assert state(build(paths, cache), paths) == state(build(paths, None), paths)


def test_no_cache_writes_no_index(tree: tuple[list[str], Path]) -> None:
    paths, cache = tree
    _findings(paths, None)
    assert not cache.exists()


PRECISION = Path(__file__).resolve().parents[2] / "benchmarks" / "precision"


def test_every_multi_file_case_indexes_the_same_warm_as_cold(tmp_path: Path) -> None:
    """The labelled whole-program cases (helpers, hooks, Lightning, attributes, ...): after
    editing a file (each file with SYNCLINT_SLOW_TESTS=1), the warm index equals the cold
    one, and so does the next run, which parses nothing."""
    import shutil

    every_file = os.environ.get("SYNCLINT_SLOW_TESTS") == "1"
    cases = sorted(p for p in PRECISION.glob("*/syn*_wp_*") if p.is_dir())
    assert len(cases) >= 40
    edits = 0
    for number, case in enumerate(cases):
        root = tmp_path / str(number)
        shutil.copytree(case, root)
        cache = tmp_path / f"cache{number}"
        paths = sorted(str(p) for p in root.rglob("*.py"))
        build(paths, cache)
        edited = paths if every_file else [paths[number % len(paths)]]
        for path in edited:
            text = Path(path).read_text()
            Path(path).write_text(text + "\n\ndef _edited(t):\n    return t.item()\n")
            warm = build(paths, cache)
            assert path in warm.parsed_files
            cold = build(paths, None)
            assert state(warm, paths) == state(cold, paths), (case, path)
            again = build(paths, cache)
            assert again.parsed_files == []
            assert state(again, paths) == state(cold, paths), (case, path)
            Path(path).write_text(text)
            edits += 1
    assert edits >= len(cases)
