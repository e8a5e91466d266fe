"""Warm runs that read no source (`synclint.warm`): the last run's results stand exactly
as long as nothing it read changed, whether a checked file, a module only the model read,
or a directory where a file appeared."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from synclint import files_io, warm
from synclint.cache import ResultCache
from synclint.config import Overrides, resolve_settings
from synclint.runner import check_paths

HELPERS = "def to_float(t):\n    return t.item()\n"
SILENT_HELPERS = "def to_float(t):\n    return t\n"
TRAIN = ("import torch\n\nfrom helpers import to_float\n\n\n"
         "def run(params):\n"
         "    out = []\n"
         "    for p in params:\n"
         "        out.append(to_float(p.norm()))\n"
         "    return out\n")


def age(*paths: Path, seconds: float = 60) -> None:
    """Set mtimes in the past, as of files saved before the run (a file modified within
    `warm.RACY_NS` of a run is read again by the next one)."""
    then = time.time_ns() - int(seconds * 1e9)
    for path in paths:
        os.utime(path, ns=(then, then))


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "helpers.py").write_text(HELPERS)
    (tmp_path / "train.py").write_text(TRAIN)
    (tmp_path / ".cache").mkdir()  # as a first run leaves it (making it changes the root)
    age(tmp_path / "helpers.py", tmp_path / "train.py", tmp_path, seconds=60)
    return tmp_path


def run(paths: list[str], select: str = "ALL") -> list[tuple[str, str, int]]:
    settings = resolve_settings(paths, None, Overrides(select=(select,)))
    outcomes = check_paths(paths, settings, jobs=1, cache=ResultCache(Path(".cache")))
    return [(d.filename, d.code, d.location.row) for o in outcomes for d in o.result.diagnostics]


@pytest.fixture
def no_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every source read from now on, by path."""
    read: list[str] = []
    original = files_io.read_source

    def spy(path: str) -> files_io.SourceFile:
        read.append(path)
        return original(path)

    monkeypatch.setattr(files_io, "read_source", spy)
    return read


def test_an_unchanged_tree_is_served_without_reading_a_source(
        project: Path, no_reads: list[str]) -> None:
    first = run(["train.py"])
    assert ("train.py", "SYN101", 9) in first
    assert no_reads  # the first run reads
    no_reads.clear()
    assert run(["train.py"]) == first
    assert no_reads == []


def test_an_edited_checked_file_is_read_again(project: Path) -> None:
    assert ("train.py", "SYN101", 9) in run(["train.py"])
    train = project / "train.py"
    train.write_text(TRAIN.replace("to_float(p.norm())", "p.norm()"))
    age(train, seconds=30)
    assert run(["train.py"]) == []


def test_an_edited_module_only_the_model_read_is_seen(project: Path) -> None:
    """train.py alone is checked; helpers.py is read by the model for the call's summary."""
    assert ("train.py", "SYN101", 9) in run(["train.py"])
    helpers = project / "helpers.py"
    helpers.write_text(SILENT_HELPERS)
    age(helpers, seconds=30)
    assert run(["train.py"]) == []


def test_a_file_added_beside_a_checked_one_makes_the_manifest_stale(
        project: Path, no_reads: list[str]) -> None:
    run(["train.py"])
    (project / "notes.txt").write_text("new\n")
    age(project / "notes.txt", seconds=30)  # the directory's mtime is now
    no_reads.clear()
    run(["train.py"])
    assert "train.py" in no_reads


def test_a_file_saved_just_before_the_run_is_read_again_next_time(
        project: Path, no_reads: list[str]) -> None:
    """Racily clean: a second edit within the mtime granularity would not show."""
    (project / "train.py").write_text(TRAIN + "\n")  # mtime: now
    run(["train.py"])
    no_reads.clear()
    run(["train.py"])
    assert "train.py" in no_reads


def test_other_settings_are_another_manifest(project: Path) -> None:
    assert run(["train.py"], select="SYN101")
    assert run(["train.py"], select="SYN102") == []


def test_a_damaged_manifest_is_a_miss(project: Path, no_reads: list[str]) -> None:
    first = run(["train.py"])
    for manifest in Path(".cache", "warm").iterdir():
        manifest.write_text("{not json")
    no_reads.clear()
    assert run(["train.py"]) == first
    assert "train.py" in no_reads


def test_a_removed_result_is_a_miss(project: Path, no_reads: list[str]) -> None:
    first = run(["train.py"])
    for shard in Path(".cache").iterdir():
        if shard.is_dir() and shard.name != "warm":
            for entry in shard.glob("*.json"):
                entry.unlink()
    no_reads.clear()
    assert run(["train.py"]) == first
    assert "train.py" in no_reads


def test_the_manifest_trusts_stat_only_outside_the_racy_window(tmp_path: Path) -> None:
    """record writes nothing when a file changed within RACY_NS before the start."""
    source = tmp_path / "a.py"
    source.write_text("x = 1\n")
    cache = ResultCache(tmp_path / "cache")
    settings = resolve_settings([str(source)], None, Overrides())
    warm.record(cache, settings, [str(source)], {str(source): "k"}, (), warm.now_ns())
    assert not (tmp_path / "cache" / "warm").exists()
    age(source, tmp_path, seconds=10)
    warm.record(cache, settings, [str(source)], {str(source): "k"}, (), warm.now_ns())
    assert len(list((tmp_path / "cache" / "warm").iterdir())) == 1
