"""The textual prefilter and the model's gate (`model/candidates.py`: which rules have a
candidate site) only save work: with both disabled, every file gives the same findings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import synclint.engine as engine
from synclint.diagnostics import FileResult
from synclint.engine import lint_text
from synclint.rules import ALL_RULES
from synclint.rules.base import Example, Rule

ROOT = Path(__file__).resolve().parents[2]
TREES = ("tests", "examples", "benchmarks", "synclint")
EVERY_CODE = frozenset(ALL_RULES)


def _repository_files() -> list[Path]:
    found: list[Path] = []
    for tree in TREES:
        for path in sorted((ROOT / tree).rglob("*.py")):
            relative = path.relative_to(ROOT).parts
            # Virtualenvs of the benchmark's peers are not our sources.
            if any(part.startswith(".") or part == "__pycache__" for part in relative):
                continue
            found.append(path)
    return found


def _rule_examples() -> Iterator[tuple[str, str]]:
    for code, rule in ALL_RULES.items():
        for index, example in enumerate([*rule.VALID, *rule.INVALID]):
            yield f"{code}-{index}", example.code if isinstance(example, Example) else example


def _without_prefilter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(engine.NO_GATE, "1")
    monkeypatch.setattr(engine, "could_contain_tensors", lambda source: True)
    monkeypatch.setattr(Rule, "could_match", classmethod(lambda cls, source: True))


def _both(source: str, filename: str, monkeypatch: pytest.MonkeyPatch) -> tuple[
        FileResult, FileResult]:
    filtered = lint_text(source, filename, EVERY_CODE)
    with monkeypatch.context() as patch:
        _without_prefilter(patch)
        unfiltered = lint_text(source, filename, EVERY_CODE)
    return filtered, unfiltered


def test_disabling_the_prefilter_really_parses_everything(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    original = engine.lint_module

    def spy(module, source, filename, rule_classes, *view):  # type: ignore[no-untyped-def]
        calls.append(filename)
        return original(module, source, filename, rule_classes, *view)

    monkeypatch.setattr(engine, "lint_module", spy)
    _both("x = 1\n", "plain.py", monkeypatch)
    assert calls == ["plain.py"]


def test_the_repository_has_files_for_the_prefilter_to_skip() -> None:
    sources = [path.read_text(encoding="utf-8") for path in _repository_files()]
    assert len(sources) > 50
    assert any(not engine.rules_for(text, EVERY_CODE) for text in sources)


@pytest.mark.parametrize("path", _repository_files(),
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_prefilter_agrees_with_full_parse_on_repository_file(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    filtered, unfiltered = _both(path.read_text(encoding="utf-8"), path.name, monkeypatch)
    assert filtered == unfiltered


@pytest.mark.parametrize(("name", "source"), list(_rule_examples()),
                         ids=[name for name, _ in _rule_examples()])
def test_prefilter_agrees_with_full_parse_on_rule_example(
        name: str, source: str, monkeypatch: pytest.MonkeyPatch) -> None:
    filtered, unfiltered = _both(source, "example.py", monkeypatch)
    assert filtered == unfiltered


@pytest.mark.parametrize("source, expected", [
    # No tensor and no suppression to judge: SYN100 has nothing to say, LibCST is not loaded.
    ("DATA = [1, 2, 3]\n", "nothing"),
    ("x = 1  # noqa: E501\n", "nothing"),
    # A SYN code in a comment, in any case: the engine judges it (and reports it unused).
    ("x = 1  # noqa: SYN101\n", "SYN100"),
    ("x = 1  # noqa: syn101\n", "SYN100"),
    ("x = 1  # synclint: ignore[SYN101]\n", "SYN100"),
])
def test_select_all_loads_the_engine_only_for_a_suppression_to_judge(
        tmp_path: Path, source: str, expected: str) -> None:
    import subprocess
    import sys

    path = tmp_path / "data.py"
    path.write_text(source)
    code = ("import sys\n"
            "from synclint.checking import lint_text\n"
            "from synclint.rule_info import known_codes\n"
            f"result = lint_text(open({str(path)!r}).read(), 'data.py', known_codes())\n"
            "print(' '.join(d.code for d in result.diagnostics) or 'nothing')\n"
            "print('libcst' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    found, loaded = done.stdout.split("\n")[:2]
    assert found == expected
    assert loaded == str(expected != "nothing")
