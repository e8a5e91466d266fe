"""The result cache: hits for unchanged input, misses for any change, never a wrong answer."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from synclint.cache import CACHE_DIR_NAME, ResultCache, result_from_json, result_to_json
from synclint.cli import main
from synclint.config import Overrides, resolve_settings
from synclint.diagnostics import (
    Applicability,
    Diagnostic,
    Edit,
    FileError,
    FileResult,
    Fix,
    Location,
)
from synclint.engine import lint_text
from synclint.rules import ALL_RULES
from synclint.runner import check_paths

# SYN101 with a fix (p.norm().item() in a loop) plus a second finding on another column.
SOURCE = (
    "import torch\n"
    "\n"
    "def norms(model):\n"
    "    out = {}\n"
    "    for name, p in model.named_parameters():\n"
    "        out[name] = p.norm().item()\n"
    "        print(p.sum().item(), p.mean().tolist())\n"
    "    return out\n"
)


def _run(root: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", "--output-format", "json", *args],
                                catch_exceptions=False)
    return result.exit_code, result.stdout


def _entries(directory: Path) -> list[Path]:
    return sorted(directory.glob("*/*.json"))


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.py").write_text(SOURCE, encoding="utf-8")
    return tmp_path


def _spy_lint(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    import synclint.checking as checking

    def counting(text: str, filename: str, codes: object, *view: object,
                 **options: bool) -> object:
        calls.append(filename)
        return lint_text(text, filename, codes, *view, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(checking, "lint_text", counting)
    return calls


def test_cache_directory_is_created_with_gitignore(project: Path) -> None:
    _run(project, "bad.py")
    cache = project / CACHE_DIR_NAME
    assert (cache / ".gitignore").read_text().splitlines()[-1] == "*"
    assert len(_entries(cache)) == 1


def test_unchanged_file_is_served_from_cache(project: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _spy_lint(monkeypatch)
    first = _run(project, "bad.py")
    second = _run(project, "bad.py")
    assert calls == ["bad.py"]
    assert first == second
    assert first[0] == 1


def test_edited_file_misses(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _spy_lint(monkeypatch)
    _run(project, "bad.py")
    (project / "bad.py").write_text(SOURCE.replace("p.mean()", "p.max()"), encoding="utf-8")
    _run(project, "bad.py")
    assert calls == ["bad.py", "bad.py"]
    _run(project, "bad.py")
    assert calls == ["bad.py", "bad.py"]


def test_config_change_misses(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _spy_lint(monkeypatch)
    _, with_rule = _run(project, "bad.py")
    _, ignored = _run(project, "--ignore", "SYN101", "bad.py")
    assert calls == ["bad.py", "bad.py"]
    assert "SYN101" in with_rule
    assert "SYN101" not in ignored
    (project / "pyproject.toml").write_text('[tool.synclint]\nignore = ["SYN101"]\n')
    _, configured = _run(project, "bad.py")
    assert "SYN101" not in configured


def test_corrupt_entry_is_ignored(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, expected = _run(project, "bad.py")
    for entry in _entries(project / CACHE_DIR_NAME):
        entry.write_text('{"key": "trunc')
    calls = _spy_lint(monkeypatch)
    assert _run(project, "bad.py") == (1, expected)
    assert calls == ["bad.py"]
    for entry in _entries(project / CACHE_DIR_NAME):
        entry.write_text(json.dumps({"key": entry.parent.name + entry.stem, "result": []}))
    assert _run(project, "bad.py") == (1, expected)


def test_no_cache_neither_reads_nor_writes(project: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _spy_lint(monkeypatch)
    _run(project, "--no-cache", "bad.py")
    _run(project, "--no-cache", "bad.py")
    assert calls == ["bad.py", "bad.py"]
    assert not (project / CACHE_DIR_NAME).exists()


def test_cache_dir_option_and_clean(project: Path) -> None:
    _run(project, "--cache-dir", "elsewhere", "bad.py")
    assert _entries(project / "elsewhere")
    assert not (project / CACHE_DIR_NAME).exists()
    _run(project, "bad.py")
    result = CliRunner().invoke(main, ["clean"], catch_exceptions=False)
    assert result.exit_code == 0
    assert not (project / CACHE_DIR_NAME).exists()
    result = CliRunner().invoke(main, ["clean", "--cache-dir", "elsewhere"],
                                catch_exceptions=False)
    assert result.exit_code == 0
    assert not (project / "elsewhere").exists()


def test_the_cache_directory_from_the_environment(project: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SYNCLINT_CACHE_DIR", "from-env")
    _run(project, "bad.py")
    assert _entries(project / "from-env")
    assert not (project / CACHE_DIR_NAME).exists()
    assert CliRunner().invoke(main, ["clean"], catch_exceptions=False).exit_code == 0
    assert not (project / "from-env").exists()


def test_clean_refuses_a_directory_that_is_not_a_cache(project: Path) -> None:
    (project / "precious").mkdir()
    (project / "precious" / "data.txt").write_text("keep")
    result = CliRunner().invoke(main, ["clean", "--cache-dir", "precious"])
    assert result.exit_code == 2
    assert (project / "precious" / "data.txt").exists()


def test_fix_mode_does_not_use_the_cache(project: Path) -> None:
    CliRunner().invoke(main, ["check", "--diff", "bad.py"], catch_exceptions=False)
    assert not (project / CACHE_DIR_NAME).exists()


def test_cached_result_is_identical_to_uncached(project: Path) -> None:
    settings = resolve_settings(["."], None, Overrides(select=("ALL",)))
    cache = ResultCache(project / CACHE_DIR_NAME)
    cold = check_paths(["bad.py"], settings, cache=None)[0].result
    first = check_paths(["bad.py"], settings, cache=cache)[0].result
    warm = check_paths(["bad.py"], settings, cache=cache)[0].result
    assert len(cold.diagnostics) >= 2
    assert first == cold
    assert warm == cold
    assert [d.to_json() for d in warm.diagnostics] == [d.to_json() for d in cold.diagnostics]
    assert [d.confidence for d in warm.diagnostics] == [d.confidence for d in cold.diagnostics]


def test_stored_fix_and_columns_come_back_unchanged(tmp_path: Path) -> None:
    fix = Fix(Applicability.UNSAFE, "Batch the reads", (
        Edit("import torch\n", Location(1, 1), Location(1, 1)),
        Edit("torch.stack(ys).tolist() # é", Location(6, 21), Location(6, 35)),
    ))
    result = FileResult("dir/bad.py", (
        Diagnostic("SYN101", "`.item()` in a loop — ü", "dir/bad.py", Location(6, 21),
                   Location(6, 35), fix, "likely"),
        Diagnostic("SYN102", "plain", "dir/bad.py", Location(7, 1), Location(9, 4)),
    ))
    cache = ResultCache(tmp_path)
    key = cache.key(SOURCE, "dir/bad.py", "fp", {"SYN101", "SYN102"})
    cache.store(key, result)
    loaded = cache.load(key)
    assert loaded == result
    assert loaded is not None
    assert [d.confidence for d in loaded.diagnostics] == ["likely", "high"]
    assert result_from_json(json.loads(json.dumps(result_to_json(result)))) == result


def test_results_with_errors_are_not_stored(tmp_path: Path) -> None:
    cache = ResultCache(tmp_path)
    result = FileResult("x.py", errors=(FileError("x.py", "internal error", internal=True),))
    cache.store("ab" * 32, result)
    assert cache.load("ab" * 32) is None


@pytest.mark.parametrize("code", sorted(ALL_RULES))
def test_cache_round_trip_matches_uncached_on_rule_examples(code: str, tmp_path: Path) -> None:
    cache = ResultCache(tmp_path)
    rule = ALL_RULES[code]
    for example in [*rule.VALID, *rule.INVALID]:
        source = example if isinstance(example, str) else example.code
        result = lint_text(source, "example.py", set(ALL_RULES))
        key = cache.key(source, "example.py", "", set(ALL_RULES))
        cache.store(key, result)
        assert cache.load(key) == result


def _write_entries(args: tuple[str, int]) -> int:
    directory, seed = args
    cache = ResultCache(Path(directory))
    result = lint_text(SOURCE, "bad.py", {"SYN101"})
    for round_ in range(30):
        cache.store(cache.key(SOURCE, "bad.py", "", {"SYN101"}), result)
        cache.store(cache.key(SOURCE + f"#{round_}\n", "bad.py", "", {"SYN101"}), result)
    return seed


def test_two_concurrent_writers_leave_only_complete_entries(tmp_path: Path) -> None:
    directory = tmp_path / "cache"
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(_write_entries, [(str(directory), 0), (str(directory), 1)])
    cache = ResultCache(directory)
    entries = _entries(directory)
    assert len(entries) == 31
    assert not [p for p in directory.rglob(".tmp-*")]
    expected = lint_text(SOURCE, "bad.py", {"SYN101"})
    assert cache.load(cache.key(SOURCE, "bad.py", "", {"SYN101"})) == expected
    for entry in entries:
        json.loads(entry.read_text())


def test_unwritable_cache_directory_still_lints(project: Path) -> None:
    (project / "blocked").write_text("a file, not a directory")
    code, out = _run(project, "--cache-dir", "blocked/cache", "bad.py")
    assert code == 1 and "SYN101" in out
    assert os.path.isfile(project / "blocked")


def test_pool_after_linting_in_the_parent_does_not_hang(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The parent's big-stack thread exists before the pool forks (e.g. after stdin).
    import synclint.checking as checking

    lint_text(SOURCE, "warm.py", {"SYN101"})
    for index in range(4):
        (project / f"m{index}.py").write_text(SOURCE, encoding="utf-8")
    monkeypatch.setattr(checking, "POOL_THRESHOLD", 2)
    settings = resolve_settings(["."], None, Overrides())
    paths = [f"m{i}.py" for i in range(4)]
    pooled = check_paths(paths, settings, jobs=2)
    serial = check_paths(paths, settings, jobs=1)
    assert [o.result for o in pooled] == [o.result for o in serial]
    assert all(o.result.diagnostics for o in pooled)
